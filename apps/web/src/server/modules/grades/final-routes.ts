import {
  ZGradeSaveAnswer,
  ZGroupQuery,
  ZMasterSave,
  ZNotPassedAnswer,
  ZNotPassedQuery,
  ZReportsAnswer,
  ZReportsQuery,
  ZSheetAnswer,
  ZStudentGradeGroupsAnswer,
  ZStudentGradesAnswer,
  ZStudentParams,
  ZStudentQuery,
} from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { FINAL_SHEET, getFinal, reports, saveMaster } from "./finals.ts";
import { getNotPassed } from "./not-passed.ts";
import { getByStudent, getGroup } from "./student-grades.ts";

/** Final sheets, report items, subjects not passed, a student's grades and the master's entry (000 §7, 001 §7). */
export const FINAL_ROUTES: Route[] = [
  authedRoute({ method: "GET", path: "admGrades/getFinal", auth: "user", module: null, ...FINAL_SHEET, answer: ZSheetAnswer, handler: getFinal }),
  authedRoute({ method: "GET", path: "admGrades/reports", auth: "user", module: null, query: ZReportsQuery, answer: ZReportsAnswer, handler: reports }),
  authedRoute({
    method: "GET",
    path: "admGrades/notpassed",
    auth: "user",
    module: "admGrades",
    query: ZNotPassedQuery,
    answer: ZNotPassedAnswer,
    handler: getNotPassed,
  }),
  authedRoute({
    method: "GET",
    path: "admGrades/getByStudent/{id}",
    auth: "user",
    module: "admGrades",
    params: ZStudentParams,
    query: ZStudentQuery,
    answer: ZStudentGradesAnswer,
    handler: getByStudent,
  }),
  authedRoute({
    method: "GET",
    path: "admGrades/group",
    auth: "user",
    module: "admGrades",
    query: ZGroupQuery,
    answer: ZStudentGradeGroupsAnswer,
    handler: getGroup,
  }),
  authedRoute({
    method: "POST",
    path: "admGrades/master",
    auth: "user",
    module: "admGradesMaster",
    body: ZMasterSave,
    answer: ZGradeSaveAnswer,
    handler: saveMaster,
  }),
];
