/**
 * Registers and marks (001 §2-§8 "Attendance"): the requests of the register's calls and what they answer, the
 * office's live view of a day and a student's summary. Answers name every field a screen reads, and nothing more.
 */
import { z } from "zod";
import { ZMoment } from "../envelope.ts";
import { flag, ID, oneOf, ZDay, ZInt } from "./fields.ts";
import { ATTENDANCE_COMMENT_MAX, ATTENDANCE_MAX_ROWS, ATTENDANCE_STATUS, ATTENDANCE_STATUSES } from "./vocabulary.ts";

const comment = z.string().trim().max(ATTENDANCE_COMMENT_MAX);

/** GET admAttendance?dt&masterId&daily[&groupId]: a teacher's registers of a day, daily (by section) or by subject. */
export const ZAttendanceDayQuery = z.object({
  dt: ZDay,
  masterId: ID.optional(),
  daily: flag.optional(),
  groupId: ID.optional(),
});
export type TAttendanceDayQuery = z.infer<typeof ZAttendanceDayQuery>;
/** GET admAttendance/missing?dt: the day alone. */
export const ZWhoIsMissingQuery = ZAttendanceDayQuery.pick({ dt: true });
export type TWhoIsMissingQuery = z.infer<typeof ZWhoIsMissingQuery>;

/** GET admAttendance/summary/{userId}. */
export const ZAttendanceSummaryParams = z.object({ userId: ID });

/** GET admAttendance/{part}/sessions?dt&sectionId&groupId: part 0 is the daily register, else a subject part's id. */
export const ZAttendancePartParams = z.object({ part: z.coerce.number().int().min(0).max(2_147_483_647) });
export const ZAttendanceSessionsQuery = z.object({ dt: ZDay, sectionId: ID.optional(), groupId: ID.optional() });
export type TAttendanceSessionsQuery = z.infer<typeof ZAttendanceSessionsQuery>;
export const ZAttendanceSessionParams = z.object({ id: ID });
/** GET admAttendance/{part}/sessions/{id}/list: the part and the register. */
export const ZAttendanceListParams = ZAttendancePartParams.extend(ZAttendanceSessionParams.shape);

/** POST admAttendance/session/{id}/status: the marks that changed. */
export const ZAttendanceMark = z.object({
  userId: ID,
  status: oneOf(ATTENDANCE_STATUSES),
  comment: comment.nullish(),
});
export const ZAttendanceStatusSave = z.array(ZAttendanceMark).min(1).max(ATTENDANCE_MAX_ROWS);
export type TAttendanceMarkInput = z.infer<typeof ZAttendanceMark>;
export type TAttendanceStatusSaveInput = z.input<typeof ZAttendanceStatusSave>;
/** POST admAttendance/session/{id}/comment: comments alone. */
export const ZAttendanceCommentSave = z
  .array(z.object({ userId: ID, comment }))
  .min(1)
  .max(ATTENDANCE_MAX_ROWS);
export type TAttendanceCommentInput = z.infer<typeof ZAttendanceCommentSave>[number];
export type TAttendanceCommentSaveInput = z.input<typeof ZAttendanceCommentSave>;

/** A register as the lists show it. */
export const ZAttendanceSession = z.object({
  ID: ZInt,
  day: z.string(),
  /** "section" (the daily register), "part" (a subject in a section), "group". */
  kind: z.enum(["section", "part", "group"]),
  sectionId: ZInt.nullable(),
  partId: ZInt.nullable(),
  groupId: ZInt.nullable(),
  /** The section, "3.º A"; the subject, "Matemática"; the group's name. */
  sectionName: z.string().nullable(),
  subjectName: z.string().nullable(),
  groupName: z.string().nullable(),
  masterId: ZInt.nullable(),
  masterName: z.string().nullable(),
  started: z.boolean(),
  /** Students on the register and how many are at each status (0 pending … 3 absent). */
  total: ZInt,
  counts: z.tuple([ZInt, ZInt, ZInt, ZInt]),
});
export type TAttendanceSession = z.output<typeof ZAttendanceSession>;
/** GET admAttendance and GET admAttendance/{part}/sessions: the registers of a day. */
export const ZAttendanceSessionsAnswer = z.array(ZAttendanceSession);
export type TAttendanceSessionsAnswer = z.output<typeof ZAttendanceSessionsAnswer>;

/** 001 §3 "Attendance row", with the attendance type recorded. */
export const ZAttendanceRow = z.object({
  id: ZInt,
  name: z.string(),
  last: z.string().nullable(),
  last2: z.string().nullable(),
  status: z.literal(ATTENDANCE_STATUSES),
  comment: z.string().nullable(),
  /** The justification state, 0 not received, 1 received, 2 accepted, -1 rejected. */
  justifType: ZInt,
  typeId: ZInt.nullable(),
  /** A link to the student's photo, or null. */
  img: z.string().nullable(),
});
export type TAttendanceRow = z.output<typeof ZAttendanceRow>;

/**
 * Why marks cannot change here, or null: "closed", the period is closed; "future", the day has not come; "notSchoolDay",
 * the day is outside the periods or without classes; "notYours", another teacher's register.
 */
export const ZAttendanceReadOnly = z.enum(["closed", "future", "notSchoolDay", "notYours"]).nullable();
export type TAttendanceReadOnly = z.output<typeof ZAttendanceReadOnly>;

/** GET …/sessions/{id}/list, and POST admAttendance/session/{id}/init: the register and its rows. */
export const ZAttendanceListAnswer = z.object({
  session: ZAttendanceSession,
  rows: z.array(ZAttendanceRow),
  readOnly: ZAttendanceReadOnly,
});
export type TAttendanceListAnswer = z.output<typeof ZAttendanceListAnswer>;

/** POST …/status and …/comment: what was kept, and the students whose comment waits for a mark (001 §8). */
export const ZAttendanceSavedAnswer = z.object({
  rows: z.array(ZAttendanceRow),
  commentsNotSaved: z.array(ZInt),
});
export type TAttendanceSavedAnswer = z.output<typeof ZAttendanceSavedAnswer>;

/** GET admAttendance/missing: the office's live view, today's registers not yet taken and the students absent now. */
export const ZWhoIsMissingAnswer = z.object({
  day: z.string(),
  /** Daily registers of every section, and subject registers opened today, still not started or with students pending. */
  registers: z.array(ZAttendanceSession.extend({ pending: ZInt })),
  absent: z.array(
    z.object({
      userId: ZInt,
      name: z.string(),
      last: z.string().nullable(),
      last2: z.string().nullable(),
      sectionName: z.string().nullable(),
      status: z.literal([ATTENDANCE_STATUS.late, ATTENDANCE_STATUS.absent]),
      justifType: ZInt,
      /** When the mark was taken. */
      since: ZMoment.nullable(),
    }),
  ),
});
export type TWhoIsMissingAnswer = z.output<typeof ZWhoIsMissingAnswer>;

/** A student's attendance over a period: counts and percentages of the marks taken (pending ones left out). */
export const ZAttendanceSummary = z.object({
  periodId: ZInt,
  periodName: z.string(),
  taken: ZInt,
  present: ZInt,
  late: ZInt,
  absent: ZInt,
  justified: ZInt,
  /** Percentages of `taken`, one decimal. */
  presentPct: z.number(),
  latePct: z.number(),
  absentPct: z.number(),
  justifiedPct: z.number(),
});
export type TAttendanceSummary = z.output<typeof ZAttendanceSummary>;
/** GET admAttendance/summary/{userId}: the student's periods with marks. */
export const ZAttendanceSummaryAnswer = z.array(ZAttendanceSummary);
export type TAttendanceSummaryAnswer = z.output<typeof ZAttendanceSummaryAnswer>;
