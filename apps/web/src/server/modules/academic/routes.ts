import {
  ZAcademicCopyAnswer,
  ZAcademicCountAnswer,
  ZMoveStudents,
  ZPeriodClone,
  ZPeriodCloneParams,
  ZPeriodQuery,
  ZSubjectBulkEdit,
  ZSubjectDuplicate,
  ZSubjectParts,
  ZSubjectPartsAnswer,
} from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { mayPick } from "../../resource/pick-gate.ts";
import { bulkEditSubjects, clonePeriod, duplicateSubject, moveStudents, subjectParts } from "./tools.ts";

/** The academic calls beyond the generic five (001 §7). */
export const ACADEMIC_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "admPeriod/clone/{id}",
    auth: "user",
    module: "admPeriod",
    params: ZPeriodCloneParams,
    body: ZPeriodClone,
    answer: ZAcademicCopyAnswer,
    handler: clonePeriod,
  }),
  authedRoute({
    method: "POST",
    path: "admSubject/duplicate",
    auth: "user",
    module: "admSubject",
    body: ZSubjectDuplicate,
    answer: ZAcademicCopyAnswer,
    handler: duplicateSubject,
  }),
  authedRoute({
    method: "POST",
    path: "admSubject/bulkedit",
    auth: "user",
    module: "admSubject",
    query: ZPeriodQuery,
    body: ZSubjectBulkEdit,
    answer: ZAcademicCountAnswer,
    handler: bulkEditSubjects,
  }),
  authedRoute({
    method: "GET",
    path: "admSubject/getParts",
    auth: "user",
    module: "admSubject",
    alsoAllowed: mayPick("admSubject/getParts", { pickOnly: false }),
    query: ZSubjectParts,
    answer: ZSubjectPartsAnswer,
    handler: subjectParts,
  }),
  authedRoute({
    method: "POST",
    path: "admSection/moveStudents",
    auth: "user",
    module: "admSection",
    body: ZMoveStudents,
    answer: ZAcademicCountAnswer,
    handler: moveStudents,
  }),
];
