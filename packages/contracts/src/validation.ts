import { z } from "zod";

/** Ids are PostgreSQL integers: a larger one names no record. */
export const RECORD_ID_MAX = 2_147_483_647;
/** A record id of a path, a query or a body (text or number). */
export const ZRecordId = z.coerce.number().int().min(1).max(RECORD_ID_MAX);

/** Field name → first message, for forms and for the API's `data.errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}
