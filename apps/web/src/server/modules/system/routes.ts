import { publicRoute, type Route } from "../../http/route.ts";
import { serveFile, ZFileParams, ZFileQuery } from "./files.ts";
import { health } from "./health.ts";

/** The health check and stored files behind signed links (000 §7). */
export const SYSTEM_ROUTES: Route[] = [
  publicRoute({ method: "GET", path: "health", auth: "public", handler: health }),
  publicRoute({ method: "GET", path: "files/{tenant}/{resource}/{record}/{file}", auth: "public", params: ZFileParams, query: ZFileQuery, handler: serveFile }),
];
