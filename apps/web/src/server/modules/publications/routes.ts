import type { Route } from "../../http/route.ts";

export const PUBLICATIONS_ROUTES: Route[] = [];
