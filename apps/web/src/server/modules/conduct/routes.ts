import type { Route } from "../../http/route.ts";

export const CONDUCT_ROUTES: Route[] = [];
