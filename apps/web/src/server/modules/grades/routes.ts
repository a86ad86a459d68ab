import { ZDefaultFiltersAnswer, ZGradeSave, ZGradeSaveAnswer, ZNoData, ZSheetAnswer, ZSheetQuery } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { CONCEPT_ROUTES } from "./concept-routes.ts";
import { FINAL_ROUTES } from "./final-routes.ts";
import { FINAL_SHEET } from "./finals.ts";
import { IMPORT_ROUTES } from "./import-routes.ts";
import { REPORT_CARD_ROUTES } from "./report-card-routes.ts";
import { exportFinal, exportSheet } from "./sheet-export.ts";
import { saveGrades } from "./save-grades.ts";
import { defaultFilters, getSheet } from "./sheet.ts";

/**
 * The grade sheet's calls (000 §7 "Grade entry") and the concept headers. An export answers its file, or (nothing to
 * export) a notice without data, so its answer is no data rather than a response of its own.
 */
export const GRADES_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "admGrades/defaultFilters",
    auth: "user",
    module: "admGrades",
    answer: ZDefaultFiltersAnswer,
    handler: defaultFilters,
  }),
  authedRoute({ method: "GET", path: "admGrades/get", auth: "user", module: "admGrades", query: ZSheetQuery, answer: ZSheetAnswer, handler: getSheet }),
  authedRoute({ method: "GET", path: "admGrades/export", auth: "user", module: "admGrades", query: ZSheetQuery, answer: ZNoData, handler: exportSheet }),
  authedRoute({ method: "GET", path: "admGrades/exportFinal", auth: "user", module: null, ...FINAL_SHEET, answer: ZNoData, handler: exportFinal }),
  authedRoute({
    method: "POST",
    path: "admGrades",
    auth: "user",
    module: "admGrades",
    body: ZGradeSave,
    answer: ZGradeSaveAnswer,
    handler: (ctx) => saveGrades(ctx, false),
  }),
  authedRoute({
    method: "POST",
    path: "admGrades/behavior",
    auth: "user",
    module: "admGradesBehavior",
    body: ZGradeSave,
    answer: ZGradeSaveAnswer,
    handler: (ctx) => saveGrades(ctx, true),
  }),
  ...CONCEPT_ROUTES,
  ...FINAL_ROUTES,
  ...IMPORT_ROUTES,
  ...REPORT_CARD_ROUTES,
];
