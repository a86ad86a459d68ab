import type { Route } from "../../http/route.ts";

export const FLOWS_ROUTES: Route[] = [];
