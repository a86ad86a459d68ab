import type { Route } from "../../http/route.ts";

export const FINAL_ROUTES: Route[] = [];
