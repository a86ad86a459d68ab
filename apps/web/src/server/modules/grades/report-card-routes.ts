import type { Route } from "../../http/route.ts";

export const REPORT_CARD_ROUTES: Route[] = [];
