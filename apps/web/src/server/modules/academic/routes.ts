import { ZMoveStudents, ZPeriodClone, ZPeriodQuery, ZSubjectBulkEdit, ZSubjectDuplicate, ZSubjectParts } from "@pizarra/contracts";
import { z } from "zod";
import { authedRoute, type Route } from "../../http/route.ts";
import { mayPick } from "../../resource/pick-gate.ts";
import { bulkEditSubjects, clonePeriod, duplicateSubject, moveStudents, subjectParts } from "./tools.ts";

const ZId = z.object({ id: z.string().regex(/^\d{1,12}$/) });

/** The academic calls beyond the generic five (001 §7). */
export const ACADEMIC_ROUTES: Route[] = [
  authedRoute({ method: "POST", path: "admPeriod/clone/{id}", auth: "user", module: "admPeriod", params: ZId, body: ZPeriodClone, handler: clonePeriod }),
  authedRoute({ method: "POST", path: "admSubject/duplicate", auth: "user", module: "admSubject", body: ZSubjectDuplicate, handler: duplicateSubject }),
  authedRoute({
    method: "POST",
    path: "admSubject/bulkedit",
    auth: "user",
    module: "admSubject",
    query: ZPeriodQuery,
    body: ZSubjectBulkEdit,
    handler: bulkEditSubjects,
  }),
  authedRoute({
    method: "GET",
    path: "admSubject/getParts",
    auth: "user",
    module: "admSubject",
    alsoAllowed: mayPick("admSubject/getParts", { pickOnly: false }),
    query: ZSubjectParts,
    handler: subjectParts,
  }),
  authedRoute({ method: "POST", path: "admSection/moveStudents", auth: "user", module: "admSection", body: ZMoveStudents, handler: moveStudents }),
];
