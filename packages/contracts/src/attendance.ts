/**
 * Attendance and justifications (001 §2-§8 "Attendance", 002 §2-§7 "Justifications"): the requests the server
 * validates and the screens' forms use, and the answers both read.
 */
import { z } from "zod";
import { DATE_RE, isRealDay } from "./resource/formats.ts";
import type { FieldDef } from "./resource/types.ts";
import { ZRecordId } from "./validation.ts";

/** 001 §4 "Attendance status". */
export const ATTENDANCE_STATUS = { pending: 0, present: 1, late: 2, absent: 3 } as const;
export const ATTENDANCE_STATUSES = [0, 1, 2, 3] as const;
export type TAttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** The statuses a justification covers: a late arrival or an absence. */
export const JUSTIFIABLE_STATUSES: readonly number[] = [ATTENDANCE_STATUS.late, ATTENDANCE_STATUS.absent];
/** 001 §4 "Attendance type justification": the state of a mark's justification. */
export const MARK_JUSTIFICATION = { notReceived: 0, received: 1, accepted: 2, rejected: -1 } as const;
/** 002 §4 "Justification status". */
export const JUSTIFICATION_STATUS = { pending: 1, accepted: 2, denied: -1 } as const;
export const JUSTIFICATION_STATUSES = [1, 2, -1] as const;
/**
 * The school's message templates (admLocalization, WhatsApp) that attendance sends from, by what happened: a late
 * arrival's alert, an absence's, and the family's answer once the office accepts or denies their justification. Staff
 * edit their text and the provider's template name under message templates; a school without one of them is not
 * written to on WhatsApp about it (e-mail and push still go).
 */
export const ATTENDANCE_TEMPLATES = {
  late: "late-alert",
  absent: "absence-alert",
  accepted: "justification-accepted",
  denied: "justification-denied",
} as const;
/** 002 §3: the reasons a family may give (stored as the spec spells them). */
export const JUSTIFICATION_REASONS = ["Salud", "Familiar", "Deporte", "Personal", "Viaje"] as const;
/** 002 §2's filter types: a justification covers some hours (one register), one day, or several days. */
export const JUSTIFICATION_KIND = { hours: 1, day: 2, days: 3 } as const;
export const JUSTIFICATION_KINDS = [1, 2, 3] as const;
/** 002 §5: the document's extensions. */
export const JUSTIFICATION_FILE_TYPES = ["jpeg", "jpg", "png", "pdf", "doc", "docx"] as const;
/** A phone photo of a doctor's note or a scanned letter: 8 MB. */
export const JUSTIFICATION_FILE_MAX_BYTES = 8 * 1024 * 1024;
/** Longest stretch one justification covers (a trip, an illness): beyond it the office enters two. */
export const JUSTIFICATION_MAX_DAYS = 31;
/** 002 §6: the justification list defaults to the last six days. */
export const JUSTIFICATION_DEFAULT_DAYS = 6;
/** 001 §8: the register saves 500 ms after the last change. */
export const ATTENDANCE_SAVE_DEBOUNCE_MS = 500;
/** The longest list one save carries: a whole class and more (a group's register). */
export const ATTENDANCE_MAX_ROWS = 500;
export const ATTENDANCE_COMMENT_MAX = 500;
export const JUSTIFICATION_NOTE_MAX = 1_000;

const rule = (key: string, values?: Record<string, string>) => ({ params: { key, values } });
const ID = ZRecordId;
/** One of a fixed list of values, else "invalid option" naming the field. */
const oneOf = <T extends string | number>(values: readonly T[]) => z.custom<T>((v) => (values as readonly unknown[]).includes(v), rule("option"));
/** A school day as 'YYYY-MM-DD', one that exists. */
export const ZDay = z
  .string()
  .trim()
  .refine((v) => DATE_RE.test(v) && isRealDay(v), rule("date"));
const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");
const comment = z.string().trim().max(ATTENDANCE_COMMENT_MAX);

/** GET admAttendance?dt&masterId&daily[&groupId]: a teacher's registers of a day, daily (by section) or by subject. */
export const ZAttendanceDayQuery = z.object({
  dt: ZDay,
  masterId: ID.optional(),
  daily: flag.optional(),
  groupId: ID.optional(),
});
export type TAttendanceDayQuery = z.infer<typeof ZAttendanceDayQuery>;

/** GET admAttendance/{part}/sessions?dt&sectionId&groupId: part 0 is the daily register, else a subject part's id. */
export const ZAttendancePartParams = z.object({ part: z.coerce.number().int().min(0).max(2_147_483_647) });
export const ZAttendanceSessionsQuery = z.object({ dt: ZDay, sectionId: ID.optional(), groupId: ID.optional() });
export type TAttendanceSessionsQuery = z.infer<typeof ZAttendanceSessionsQuery>;
export const ZAttendanceSessionParams = z.object({ id: ID });

/** POST admAttendance/session/{id}/status: the marks that changed. */
export const ZAttendanceMark = z.object({
  userId: ID,
  status: oneOf(ATTENDANCE_STATUSES),
  comment: comment.nullish(),
});
export const ZAttendanceStatusSave = z.array(ZAttendanceMark).min(1).max(ATTENDANCE_MAX_ROWS);
export type TAttendanceMarkInput = z.infer<typeof ZAttendanceMark>;
/** POST admAttendance/session/{id}/comment: comments alone. */
export const ZAttendanceCommentSave = z
  .array(z.object({ userId: ID, comment }))
  .min(1)
  .max(ATTENDANCE_MAX_ROWS);

/** A register as the lists show it. */
export interface TAttendanceSession {
  ID: number;
  day: string;
  /** "section" (the daily register), "part" (a subject in a section), "group". */
  kind: "section" | "part" | "group";
  sectionId: number | null;
  partId: number | null;
  groupId: number | null;
  /** The section, "3.º A"; the subject, "Matemática"; the group's name. */
  sectionName: string | null;
  subjectName: string | null;
  groupName: string | null;
  masterId: number | null;
  masterName: string | null;
  started: boolean;
  startedAt: string | null;
  /** Students on the register and how many are at each status (0 pending … 3 absent). */
  total: number;
  counts: [number, number, number, number];
}

/** 001 §3 "Attendance row", with the attendance type recorded and whether the mark may change. */
export interface TAttendanceRow {
  id: number;
  name: string;
  last: string | null;
  last2: string | null;
  status: TAttendanceStatus;
  comment: string | null;
  /** The justification state, 0 not received, 1 received, 2 accepted, -1 rejected. */
  justifType: number;
  typeId: number | null;
  typeName: string | null;
  /** A link to the student's photo, or null. */
  img: string | null;
}

/** GET …/sessions/{id}/list. */
export interface TAttendanceList {
  session: TAttendanceSession;
  rows: TAttendanceRow[];
  /**
   * Why marks cannot change here, or null: "closed", the period is closed; "future", the day has not come; "notSchoolDay",
   * the day is outside the periods or without classes; "notYours", another teacher's register.
   */
  readOnly: "closed" | "future" | "notSchoolDay" | "notYours" | null;
}

/** POST …/status and …/comment: what was kept, and the students whose comment waits for a mark (001 §8). */
export interface TAttendanceSaved {
  rows: TAttendanceRow[];
  commentsNotSaved: number[];
}

/** The office's live view: today's registers not yet taken and the students absent now. */
export interface TWhoIsMissing {
  day: string;
  /** Daily registers of every section, and subject registers opened today, still not started or with students pending. */
  registers: Array<TAttendanceSession & { pending: number }>;
  absent: Array<{
    userId: number;
    name: string;
    last: string | null;
    last2: string | null;
    sectionName: string | null;
    status: 2 | 3;
    justifType: number;
    since: string | null;
  }>;
}

/** A student's attendance over a period: counts and percentages of the marks taken (pending ones left out). */
export interface TAttendanceSummary {
  periodId: number;
  periodName: string;
  taken: number;
  present: number;
  late: number;
  absent: number;
  justified: number;
  /** Percentages of `taken`, one decimal. */
  presentPct: number;
  latePct: number;
  absentPct: number;
  justifiedPct: number;
}

const reason = oneOf(JUSTIFICATION_REASONS);
const note = z.string().trim().max(JUSTIFICATION_NOTE_MAX);
const fileType = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => (JUSTIFICATION_FILE_TYPES as readonly string[]).includes(v), rule("ext", { values: JUSTIFICATION_FILE_TYPES.join(", ") }));

/**
 * POST attendance/absence (002 §7): a new justification from the office's form. `numOfDay` days from `date` (1 = that
 * day); `sessionId` (or `partId`) narrows it to one register's hours. `file` is the document's base64 with its `fileType`.
 */
export const ZAbsence = z.object({
  userId: ID,
  date: ZDay,
  numOfDay: z.coerce.number().int().min(1).max(JUSTIFICATION_MAX_DAYS).default(1),
  sessionId: ID.nullish(),
  /** Instead of `sessionId`: the register of that day by its part (0: the student's section's daily register). */
  partId: z.coerce.number().int().min(0).max(2_147_483_647).nullish(),
  reason,
  note: note.min(1),
  attendanceTypeId: ID.nullish(),
  file: z.string().max(12_000_000).nullish(),
  fileType: fileType.nullish(),
});
export type TAbsenceInput = z.input<typeof ZAbsence>;

/** GET admJustification/get/ (002 §7): PageSize, the days, section or grade, kind (type), reason (justification), status (justify). */
export const ZJustificationQuery = z.object({
  PageSize: z.coerce.number().int().min(1).max(10_000).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  sectionId: ID.optional(),
  superSectionId: ID.optional(),
  type: z.coerce.number().int().min(0).max(3).optional(),
  justification: z.union([z.literal(""), reason]).optional(),
  justify: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (JUSTIFICATION_STATUSES as readonly number[]).includes(v), rule("option"))
    .optional(),
});
export type TJustificationQuery = z.infer<typeof ZJustificationQuery>;

/** POST admJustification/edit/{id} (002 §7): the spec's body; `doc` null or "" removes the document. */
export const ZJustificationEdit = z.object({
  ID: ID.optional(),
  comment: note.min(1),
  justification: reason,
  doc: z.string().max(300).nullish(),
  attendanceTypeId: ID.nullish(),
  tillDate: ZDay.optional(),
});

/** POST admAttendance/0/justifications/{id}: accept (2) or deny (-1), or put back to pending (1); typeId records the marks as that type. */
export const ZJustificationReview = z.object({
  status: oneOf(JUSTIFICATION_STATUSES),
  typeId: ID.nullish(),
});
export const ZJustificationParams = z.object({ id: ID });

/** A justification card (002 §3 "Justification") with what the list shows beside the spec's fields. */
export interface TJustification {
  ID: number;
  userId: number;
  name: string;
  last: string | null;
  last2: string | null;
  face: string | null;
  sectionTag: string | null;
  attendanceTypeId: number | null;
  attendanceTypeName: string | null;
  kind: 1 | 2 | 3;
  date: string;
  tillDate: string;
  sessionId: number | null;
  /** The register of an hours justification: "Matemática · 3.º A". */
  sessionLabel: string | null;
  /** The reason (Salud, Familiar, Deporte, Personal, Viaje). */
  justification: string;
  comment: string | null;
  doc: string | null;
  docName: string | null;
  docUrl: string | null;
  status: 1 | 2 | -1;
  via: "staff" | "link";
  createdBy: number | null;
  createdByName: string | null;
  createdByEmail: string | null;
  createdByPhone: string | null;
  externalId: string | null;
  createdAt: string;
  /** How many marks it covers. */
  marks: number;
  /**
   * The attendance type an acceptance records its marks as unless the office picks another: the justification's own
   * when it is one that alerts nobody (an excused kind), else the school's type of that kind for the marks it covers
   * (an absence's "Falta justificada"); null keeps the marks' types.
   */
  acceptAs: number | null;
}

/** The family's page behind an alert's link (GET justify/{token}). */
export interface TJustifyLink {
  school: string;
  student: string;
  from: string;
  to: string;
  /** What the alert was about: "Matemática · 3.º A" */
  about: string | null;
  /** What happened, as the register holds it now: late (2) or absent (3); null when the link names no register. */
  mark: 2 | 3 | null;
  /** The school's logo (a link the browser can load) and theme colour, as its own pages show them. */
  logo: string | null;
  color: string;
  /**
   * The family's latest justification of these days (sent through this link or another guardian's), with its status;
   * `mine` says whether this guardian sent it.
   */
  sent: { ID: number; status: 1 | 2 | -1; reason: string; mine: boolean } | null;
}

/** POST justify/{token}: the family's reason, note and an optional photo or document. */
export const ZJustifyLinkSave = z.object({
  reason,
  note: note.min(1),
  file: z.object({ name: z.string().trim().min(1).max(255), data: z.string().min(1).max(12_000_000) }).nullish(),
});
export type TJustifyLinkInput = z.input<typeof ZJustifyLinkSave>;

/** The module of the office's justification screen. */
export const JUSTIFICATION_MODULE = "admJustification";

/**
 * The pick lists of the justification screen (002 §7 "Option lists"): grades, the grade's sections, the section's
 * students and the attendance types. Whoever may write justifications may read them (resource/pick-access.ts).
 */
export const JUSTIFICATION_PICKS = {
  superSectionId: { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection" } },
  sectionId: {
    name: "sectionId",
    type: "select",
    options: { kind: "resource", resource: "admSection", dependsOn: "superSectionId", dependsParam: "parentId" },
  },
  userId: {
    name: "userId",
    type: "select",
    options: { kind: "resource", resource: "admStudent", dependsOn: "sectionId", dependsParam: "sectionId" },
  },
  attendanceTypeId: { name: "attendanceTypeId", type: "select", options: { kind: "resource", resource: "admAttendanceType" } },
} as const satisfies Record<string, FieldDef>;
