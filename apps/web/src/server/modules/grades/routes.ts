import { ZGradeSave, ZSheetQuery } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { CONCEPT_ROUTES } from "./concept-routes.ts";
import { FINAL_ROUTES } from "./final-routes.ts";
import { FINAL_SHEET } from "./finals.ts";
import { IMPORT_ROUTES } from "./import-routes.ts";
import { REPORT_CARD_ROUTES } from "./report-card-routes.ts";
import { exportFinal, exportSheet } from "./sheet-export.ts";
import { saveGrades } from "./save-grades.ts";
import { defaultFilters, getSheet } from "./sheet.ts";

/** The grade sheet's calls (000 §7 "Grade entry") and the concept headers. */
export const GRADES_ROUTES: Route[] = [
  authedRoute({ method: "GET", path: "admGrades/defaultFilters", auth: "user", module: "admGrades", handler: defaultFilters }),
  authedRoute({ method: "GET", path: "admGrades/get", auth: "user", module: "admGrades", query: ZSheetQuery, handler: getSheet }),
  authedRoute({ method: "GET", path: "admGrades/export", auth: "user", module: "admGrades", query: ZSheetQuery, handler: exportSheet }),
  authedRoute({ method: "GET", path: "admGrades/exportFinal", auth: "user", module: null, ...FINAL_SHEET, handler: exportFinal }),
  authedRoute({ method: "POST", path: "admGrades", auth: "user", module: "admGrades", body: ZGradeSave, handler: (ctx) => saveGrades(ctx, false) }),
  authedRoute({
    method: "POST",
    path: "admGrades/behavior",
    auth: "user",
    module: "admGradesBehavior",
    body: ZGradeSave,
    handler: (ctx) => saveGrades(ctx, true),
  }),
  ...CONCEPT_ROUTES,
  ...FINAL_ROUTES,
  ...IMPORT_ROUTES,
  ...REPORT_CARD_ROUTES,
];
