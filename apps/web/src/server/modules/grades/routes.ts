import type { Route } from "../../http/route.ts";
import { CONCEPT_ROUTES } from "./concept-routes.ts";

export const GRADES_ROUTES: Route[] = [...CONCEPT_ROUTES];
