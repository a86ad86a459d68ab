import { ZFileParams, ZFileQuery } from "@pizarra/contracts";
import { publicRoute, type Route } from "../../http/route.ts";
import { serveFile } from "./files.ts";

/** Stored files behind signed links (000 §7): the link is the authorisation. */
export const SIGNED_FILE_ROUTES: Route[] = [
  publicRoute({
    method: "GET",
    path: "files/{tenant}/{resource}/{record}/{file}",
    auth: "public",
    params: ZFileParams,
    query: ZFileQuery,
    answer: "response",
    handler: serveFile,
  }),
];
