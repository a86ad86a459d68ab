import type { Route } from "../../http/route.ts";

export const BILLING_ROUTES: Route[] = [];
