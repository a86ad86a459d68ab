import { ZFamilyImport, ZFamilyImportQuery } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { UPLOAD_BODY_LIMIT } from "../../resource/upload.ts";
import { familyImport, familyImportTemplate } from "./family-import.ts";

/** One spreadsheet of students and families, for those who write the students list (admStudent). */
export const FAMILY_IMPORT_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "admStudent/familyImport",
    auth: "user",
    module: "admStudent",
    query: ZFamilyImportQuery,
    body: ZFamilyImport,
    maxBytes: UPLOAD_BODY_LIMIT,
    answer: "response",
    handler: familyImport,
  }),
  authedRoute({
    method: "GET",
    path: "admStudent/familyImport/template",
    auth: "user",
    module: "admStudent",
    answer: "response",
    handler: familyImportTemplate,
  }),
];
