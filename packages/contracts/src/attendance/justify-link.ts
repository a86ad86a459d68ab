/**
 * The family's justification link (002 §7): the page behind an attendance alert's link, which needs no account, and
 * what the family sends through it.
 */
import { z } from "zod";
import { note, reason, ZInt } from "./fields.ts";
import { ATTENDANCE_STATUS, JUSTIFICATION_STATUSES } from "./vocabulary.ts";

/** GET and POST justify/{token}: the signed link's token, its only credential. */
export const ZJustifyLinkParams = z.object({ token: z.string().min(20).max(4_000) });

/** POST justify/{token}: the family's reason, note and an optional photo or document. */
export const ZJustifyLinkSave = z.object({
  reason,
  note: note.min(1),
  file: z.object({ name: z.string().trim().min(1).max(255), data: z.string().min(1).max(12_000_000) }).nullish(),
});
export type TJustifyLinkInput = z.input<typeof ZJustifyLinkSave>;

/** The family's justification of these days, with its status; `mine` says whether this guardian sent it. */
export const ZJustifyLinkSent = z.object({ ID: ZInt, status: z.literal(JUSTIFICATION_STATUSES), reason: z.string(), mine: z.boolean() });
export type TJustifyLinkSent = z.output<typeof ZJustifyLinkSent>;

/** GET justify/{token}: the family's page. */
export const ZJustifyLinkAnswer = z.object({
  school: z.string(),
  student: z.string(),
  from: z.string(),
  to: z.string(),
  /** What the alert was about: "Matemática · 3.º A" */
  about: z.string().nullable(),
  /** What happened, as the register holds it now: late (2) or absent (3); null when the link names no register. */
  mark: z.literal([ATTENDANCE_STATUS.late, ATTENDANCE_STATUS.absent]).nullable(),
  /** The school's logo (a link the browser can load) and theme colour, as its own pages show them. */
  logo: z.string().nullable(),
  color: z.string(),
  /** The family's latest justification of these days, sent through this link or another guardian's. */
  sent: ZJustifyLinkSent.nullable(),
});
export type TJustifyLinkAnswer = z.output<typeof ZJustifyLinkAnswer>;
