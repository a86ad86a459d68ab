/**
 * Justifications (002 §2-§7 "Justifications"): the office's requests, which its forms also validate with, and the
 * card every answer about one carries, naming every field the screen reads and nothing more.
 */
import { z } from "zod";
import { ZPage } from "../envelope.ts";
import { type FieldDef, GRADE_SECTION_PICKS } from "../resource/types.ts";
import { ID, note, oneOf, reason, rule, ZDay, ZInt } from "./fields.ts";
import { JUSTIFICATION_FILE_TYPES, JUSTIFICATION_KINDS, JUSTIFICATION_MAX_DAYS, JUSTIFICATION_STATUSES } from "./vocabulary.ts";

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
export type TJustificationEditInput = z.input<typeof ZJustificationEdit>;

/** POST admAttendance/0/justifications/{id}: accept (2) or deny (-1), or put back to pending (1); typeId records the marks as that type. */
export const ZJustificationReview = z.object({
  status: oneOf(JUSTIFICATION_STATUSES),
  typeId: ID.nullish(),
});
export type TJustificationReviewInput = z.input<typeof ZJustificationReview>;
export const ZJustificationParams = z.object({ id: ID });
/** POST admJustification/file?id=: the justification the document is for. */
export const ZJustificationDocQuery = z.object({ id: ID });

/** A justification card (002 §3 "Justification") with what the list shows beside the spec's fields. */
export const ZJustificationAnswer = z.object({
  ID: ZInt,
  userId: ZInt,
  name: z.string(),
  last: z.string().nullable(),
  last2: z.string().nullable(),
  /** A link to the student's photo, or null. */
  face: z.string().nullable(),
  sectionTag: z.string().nullable(),
  attendanceTypeId: ZInt.nullable(),
  attendanceTypeName: z.string().nullable(),
  kind: z.literal(JUSTIFICATION_KINDS),
  date: z.string(),
  tillDate: z.string(),
  sessionId: ZInt.nullable(),
  /** The register of an hours justification: "Matemática · 3.º A". */
  sessionLabel: z.string().nullable(),
  /** The reason (Salud, Familiar, Deporte, Personal, Viaje). */
  justification: z.string(),
  comment: z.string().nullable(),
  /** The document as stored (what an edit sends back to keep it), its name, and a link to it. */
  doc: z.string().nullable(),
  docName: z.string().nullable(),
  docUrl: z.string().nullable(),
  status: z.literal(JUSTIFICATION_STATUSES),
  via: z.enum(["staff", "link"]),
  /** Who sent it, as the card names them. */
  createdByName: z.string().nullable(),
  createdByEmail: z.string().nullable(),
  createdByPhone: z.string().nullable(),
  /** How many marks it covers. */
  marks: ZInt,
  /**
   * The attendance type an acceptance records its marks as unless the office picks another: the justification's own
   * when it is one that alerts nobody (an excused kind), else the school's type of that kind for the marks it covers
   * (an absence's "Falta justificada"); null keeps the marks' types.
   */
  acceptAs: ZInt.nullable(),
});
export type TJustificationAnswer = z.output<typeof ZJustificationAnswer>;
/** GET admJustification/get/: every card of the range in one page (002 §9). */
export const ZJustificationPageAnswer = ZPage(ZJustificationAnswer);
export type TJustificationPageAnswer = z.output<typeof ZJustificationPageAnswer>;
/** POST attendance/absence and POST justify/{token}: the new justification's id. */
export const ZJustificationCreatedAnswer = z.object({ ID: ZInt });
export type TJustificationCreatedAnswer = z.output<typeof ZJustificationCreatedAnswer>;
/** POST admJustification/file?id= (000 §3 "Upload"): the field, the stored file's key and a link to it. */

/**
 * The pick lists of the justification screen (002 §7 "Option lists"): grades, the grade's sections, the section's
 * students and the attendance types. Whoever may write justifications may read them (resource/pick-access.ts).
 */
export const JUSTIFICATION_PICKS = {
  ...GRADE_SECTION_PICKS,
  userId: {
    name: "userId",
    type: "select",
    options: { kind: "resource", resource: "admStudent", dependsOn: "sectionId", dependsParam: "sectionId" },
  },
  attendanceTypeId: { name: "attendanceTypeId", type: "select", options: { kind: "resource", resource: "admAttendanceType" } },
} as const satisfies Record<string, FieldDef>;
