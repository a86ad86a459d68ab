import { z } from "zod";
import { DATE_RE, isRealDay } from "../resource/formats.ts";
import { ZRecordId } from "../validation.ts";

/** A refusal's message key (validation.<key>) and its values, as the shared error map reads them. */
const rule = (key: string, values?: Record<string, string | number>) => ({ params: { key, values } });
const ZDay = z
  .string()
  .trim()
  .refine((v) => DATE_RE.test(v) && isRealDay(v), rule("date"));

/** 001 §3 "Receipt": 0 income receipt, 1 income note. */
export const RECEIPT_TYPE = { receipt: 0, note: 1 } as const;

/**
 * GET admBilling/receipt/{orderId}/{bool} (001 §7, §2 "Receipts": the row action "download PDF"). An order may have
 * several receipts (partial payments): `true` draws every receipt of the order into one PDF, one page each, in the
 * order they were issued; `false` draws the latest one alone (what the receipts list's row offers).
 */
export const ZReceiptPdfParams = z.object({
  orderId: ZRecordId,
  bool: z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
});
export type TReceiptPdfParams = z.output<typeof ZReceiptPdfParams>;

/** The widest range one receipts zip covers: a school year and then some, so that a request stays a report. */
export const RECEIPTS_ZIP_MAX_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;

/**
 * GET admBilling/report/receipts/zip?from&to (001 §7): the receipts dated from `from` to `to`, both included. A
 * missing, invalid or reversed date is refused naming the field; a range wider than RECEIPTS_ZIP_MAX_DAYS names `to`.
 */
export const ZReceiptsZipQuery = z.object({ from: ZDay, to: ZDay }).superRefine(({ from, to }, issues) => {
  if (!(DATE_RE.test(from) && DATE_RE.test(to))) return;
  if (to < from) issues.addIssue({ code: "custom", path: ["to"], ...rule("afterFrom") });
  else if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= RECEIPTS_ZIP_MAX_DAYS)
    issues.addIssue({ code: "custom", path: ["to"], ...rule("rangeDays", { max: RECEIPTS_ZIP_MAX_DAYS }) });
});
export type TReceiptsZipQuery = z.output<typeof ZReceiptsZipQuery>;

/** The response header that tells the screen how many receipts the zip it is reading holds (its "n of N"). */
export const RECEIPTS_COUNT_HEADER = "x-receipts-count";

/** The field labels of the receipts' calls, under billing.receipts.fields. */
export const receiptsLabelKey = (field: string) => `billing.receipts.fields.${field}`;
