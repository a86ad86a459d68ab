/** The pieces attendance's requests and answers are made of: refusals' message keys, a choice among values, a school day. */
import { z } from "zod";
import { DATE_RE, isRealDay } from "../resource/formats.ts";
import { ZRecordId } from "../validation.ts";
import { JUSTIFICATION_NOTE_MAX, JUSTIFICATION_REASONS } from "./vocabulary.ts";

/** A refusal's message key (validation.<key>) and its values, as the shared error map reads them. */
export const rule = (key: string, values?: Record<string, string>) => ({ params: { key, values } });
export const ID = ZRecordId;
/** One of a fixed list of values, else "invalid option" naming the field. */
export const oneOf = <T extends string | number>(values: readonly T[]) => z.custom<T>((v) => (values as readonly unknown[]).includes(v), rule("option"));
/** A school day as 'YYYY-MM-DD', one that exists. */
export const ZDay = z
  .string()
  .trim()
  .refine((v) => DATE_RE.test(v) && isRealDay(v), rule("date"));
/** 002 §3: the reason a family or the office gives for a justification, and its note. */
export const reason = oneOf(JUSTIFICATION_REASONS);
export const note = z.string().trim().max(JUSTIFICATION_NOTE_MAX);
/** A yes or no as a query carries it. */
export const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");

/** A record's id, a count or a number of days, as answers carry them. */
export const ZInt = z.number().int();
