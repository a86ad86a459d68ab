import type { Route } from "../../http/route.ts";

export const CONCEPT_ROUTES: Route[] = [];
