/**
 * Where a refund must be documented by a numbered credit note of its own (a "nota de crédito" voiding the receipt it
 * refers to), by the school's country (Tenant.defaultCountry, ISO 3166 alpha-2). Elsewhere the voided receipt, marked
 * ANULADO with its number kept, is the record.
 *
 * - PE: SUNAT's Reglamento de Comprobantes de Pago (R. de Superintendencia 007-99/SUNAT, art. 10) makes the nota de
 *   crédito the document that annuls or corrects an issued comprobante, referring to it by series and number; a
 *   receipt is not to be struck out without one.
 *
 * A country joins the table when its rule is known; the series is the school's note series (receipt type 1, N001).
 */
const CREDIT_NOTE_COUNTRIES: ReadonlySet<string> = new Set(["PE"]);

export const needsCreditNote = (country: string | null | undefined): boolean => CREDIT_NOTE_COUNTRIES.has((country ?? "").toUpperCase());
