import {
  JUSTIFICATION_MODULE,
  ZAbsence,
  ZAttendanceCommentSave,
  ZAttendanceDayQuery,
  ZAttendancePartParams,
  ZAttendanceSessionParams,
  ZAttendanceSessionsQuery,
  ZAttendanceStatusSave,
  ZJustificationEdit,
  ZJustificationParams,
  ZJustificationQuery,
  ZJustificationReview,
  ZJustifyLinkSave,
  ZRecordId,
} from "@pizarra/contracts";
import { z } from "zod";
import { authedRoute, publicRoute, type Route } from "../../http/route.ts";
import { UPLOAD_BODY_LIMIT, ZUpload } from "../../resource/upload.ts";
import {
  createAbsence,
  deleteJustification,
  editJustification,
  getJustification,
  listJustifications,
  reviewJustification,
  uploadDoc,
} from "./justifications.ts";
import { sendThroughLink, showLink } from "./justify-link.ts";
import { initRegister, listRegister, saveComments, saveStatuses } from "./marks.ts";
import { whoIsMissing } from "./missing.ts";
import { partDay, teacherDay } from "./registers.ts";
import { getSummary } from "./summary.ts";

/** The register's calls answer to the attendance control screen's module (admActivitySession opens that screen). */
const REGISTER = "admAttendanceControl";
const label = (field: string) => `attendanceApi.fields.${field}`;
const sessionAndPart = ZAttendancePartParams.extend(ZAttendanceSessionParams.shape);
/** A family's document travels inside the link's body, as base64. */
const LINK_BODY_LIMIT = 13 * 1024 * 1024;
const ZToken = z.object({ token: z.string().min(20).max(4_000) });

/** Attendance (001 §7 "Attendance"), justifications (002 §7 "Justifications") and the family's justification link. */
export const ATTENDANCE_ROUTES: Route[] = [
  authedRoute({ method: "GET", path: "admAttendance", auth: "user", module: REGISTER, query: ZAttendanceDayQuery, labelKey: label, handler: teacherDay }),
  authedRoute({
    method: "GET",
    path: "admAttendance/missing",
    auth: "user",
    module: JUSTIFICATION_MODULE,
    query: ZAttendanceDayQuery.pick({ dt: true }),
    labelKey: label,
    handler: whoIsMissing,
  }),
  authedRoute({
    method: "GET",
    path: "admAttendance/summary/{userId}",
    auth: "user",
    module: "admStudent",
    params: z.object({ userId: ZRecordId }),
    labelKey: label,
    handler: getSummary,
  }),
  authedRoute({
    method: "GET",
    path: "admAttendance/{part}/sessions",
    auth: "user",
    module: REGISTER,
    params: ZAttendancePartParams,
    query: ZAttendanceSessionsQuery,
    labelKey: label,
    handler: partDay,
  }),
  authedRoute({
    method: "GET",
    path: "admAttendance/{part}/sessions/{id}/list",
    auth: "user",
    module: REGISTER,
    params: sessionAndPart,
    labelKey: label,
    handler: listRegister,
  }),
  authedRoute({
    method: "POST",
    path: "admAttendance/session/{id}/init",
    auth: "user",
    module: REGISTER,
    params: ZAttendanceSessionParams,
    labelKey: label,
    handler: initRegister,
  }),
  authedRoute({
    method: "POST",
    path: "admAttendance/session/{id}/status",
    auth: "user",
    module: REGISTER,
    params: ZAttendanceSessionParams,
    body: ZAttendanceStatusSave,
    labelKey: label,
    handler: saveStatuses,
  }),
  authedRoute({
    method: "POST",
    path: "admAttendance/session/{id}/comment",
    auth: "user",
    module: REGISTER,
    params: ZAttendanceSessionParams,
    body: ZAttendanceCommentSave,
    labelKey: label,
    handler: saveComments,
  }),
  authedRoute({
    method: "POST",
    path: "admAttendance/0/justifications/{id}",
    auth: "user",
    module: JUSTIFICATION_MODULE,
    params: ZJustificationParams,
    body: ZJustificationReview,
    labelKey: label,
    handler: reviewJustification,
  }),
  authedRoute({
    method: "GET",
    path: "admJustification/get",
    auth: "user",
    module: JUSTIFICATION_MODULE,
    query: ZJustificationQuery,
    labelKey: label,
    handler: listJustifications,
  }),
  authedRoute({
    method: "GET",
    path: "admJustification/get/{id}",
    auth: "user",
    module: JUSTIFICATION_MODULE,
    params: ZJustificationParams,
    labelKey: label,
    handler: getJustification,
  }),
  authedRoute({
    method: "POST",
    path: "admJustification/edit/{id}",
    auth: "user",
    module: JUSTIFICATION_MODULE,
    params: ZJustificationParams,
    body: ZJustificationEdit,
    labelKey: label,
    handler: editJustification,
  }),
  authedRoute({
    method: "POST",
    path: "admJustification/delete/{id}",
    auth: "user",
    module: JUSTIFICATION_MODULE,
    params: ZJustificationParams,
    labelKey: label,
    handler: deleteJustification,
  }),
  authedRoute({
    method: "POST",
    path: "admJustification/file",
    auth: "user",
    module: JUSTIFICATION_MODULE,
    query: z.object({ id: ZRecordId }),
    body: ZUpload,
    maxBytes: UPLOAD_BODY_LIMIT,
    handler: uploadDoc,
  }),
  authedRoute({
    method: "POST",
    path: "attendance/absence",
    auth: "user",
    module: JUSTIFICATION_MODULE,
    body: ZAbsence,
    maxBytes: UPLOAD_BODY_LIMIT,
    labelKey: label,
    handler: createAbsence,
  }),
  publicRoute({ method: "GET", path: "justify/{token}", auth: "public", params: ZToken, labelKey: label, handler: showLink }),
  publicRoute({
    method: "POST",
    path: "justify/{token}",
    auth: "public",
    params: ZToken,
    body: ZJustifyLinkSave,
    maxBytes: LINK_BODY_LIMIT,
    labelKey: label,
    handler: sendThroughLink,
  }),
];
