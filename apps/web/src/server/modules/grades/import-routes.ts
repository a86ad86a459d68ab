import {
  ZGradeImport,
  ZGradeImportAnswer,
  ZGradeImportAttach,
  ZGradeImportAttachAnswer,
  ZGradeImportConceptsAnswer,
  ZGradeImportCourse,
  ZGradeImportSection,
} from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { UPLOAD_BODY_LIMIT } from "../../resource/upload.ts";
import { attachGradeFile, gradeImportTemplate, importableConcepts, importGrades } from "./grade-import.ts";

/** The grade import (001 §2 "Import dialog", §5 "Grade import", §7): the upload, the import, its template and its concepts. */
export const IMPORT_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "admGrades/import",
    auth: "user",
    module: "admGrades",
    body: ZGradeImport,
    maxBytes: UPLOAD_BODY_LIMIT,
    answer: ZGradeImportAnswer,
    handler: importGrades,
  }),
  authedRoute({
    method: "POST",
    path: "admGrades/importAttach",
    auth: "user",
    module: "admGrades",
    body: ZGradeImportAttach,
    maxBytes: UPLOAD_BODY_LIMIT,
    answer: ZGradeImportAttachAnswer,
    handler: attachGradeFile,
  }),
  authedRoute({
    method: "GET",
    path: "admGrades/importTemplate",
    auth: "user",
    module: "admGrades",
    query: ZGradeImportCourse,
    answer: "response",
    handler: gradeImportTemplate,
  }),
  authedRoute({
    method: "GET",
    path: "admGrades/importConcepts",
    auth: "user",
    module: "admGrades",
    query: ZGradeImportSection,
    answer: ZGradeImportConceptsAnswer,
    handler: importableConcepts,
  }),
];
