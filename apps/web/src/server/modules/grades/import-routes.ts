import type { Route } from "../../http/route.ts";

export const IMPORT_ROUTES: Route[] = [];
