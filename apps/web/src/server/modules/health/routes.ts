import type { Route } from "../../http/route.ts";

export const HEALTH_ROUTES: Route[] = [];
