/**
 * The vocabulary of attendance and justifications (001 §4 "Attendance", 002 §3-§5 "Justifications"): the values
 * marks and justifications hold, by name, and the limits the requests and the screens share.
 */

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

/** The module of the office's justification screen. */
export const JUSTIFICATION_MODULE = "admJustification";
