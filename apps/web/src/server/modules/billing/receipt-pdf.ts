import { RECEIPT_TYPE, type Translate } from "@pizarra/contracts";
import type { Prisma } from "@pizarra/db";
import { drawFacts, drawLetterhead, drawParagraph, drawTable, type Letterhead, newDocument } from "../grades/index.ts";
import { amountInWords } from "./amount-words.ts";

type Doc = PDFKit.PDFDocument;
type Decimal = Prisma.Decimal;

/** A receipt as it is printed: its own copy of the family and the charge (001 §3 "Receipt"), and its order's lines. */
export interface PrintedReceipt {
  type: number;
  refId: string;
  date: Date;
  datePaid: Date | null;
  dueDate: Date | null;
  principalName: string | null;
  doc: string | null;
  dependantName: string | null;
  dependantCode: string | null;
  sectionTag: string | null;
  brief: string;
  amount: Decimal;
  curr: string;
  code: number | null;
  voided: boolean;
  notes: string | null;
  /** A credit note's: the receipt it voids (its number is printed on the note). */
  creditOf: { refId: string } | null;
  lines: { item: string; quantity: number; amount: Decimal }[];
}

/** The school's language, its translator, and its letterhead: what every receipt of one request is drawn with. */
export interface ReceiptStyle {
  locale: "es" | "en";
  t: Translate;
  head: Letterhead;
}

/** The columns Receipt reads for a PDF (and the order's lines through `order`). */
export const PRINTED_RECEIPT_SELECT = {
  id: true,
  type: true,
  refId: true,
  date: true,
  datePaid: true,
  dueDate: true,
  principalName: true,
  doc: true,
  dependantName: true,
  dependantCode: true,
  sectionTag: true,
  brief: true,
  amount: true,
  curr: true,
  code: true,
  voided: true,
  notes: true,
  orderId: true,
  creditOf: { select: { refId: true } },
} as const;

/** A calendar day (a @db.Date column, UTC midnight) as the school writes it: DD/MM/YYYY. */
const day = (value: Date | null) =>
  value ? `${String(value.getUTCDate()).padStart(2, "0")}/${String(value.getUTCMonth() + 1).padStart(2, "0")}/${value.getUTCFullYear()}` : "–";
const money = (value: Decimal, curr: string) => `${curr} ${value.toFixed(2)}`;

/** The large ANULADO across a voided receipt's page (001 §2 "Receipts"): its number and amounts stay readable beneath. */
function drawVoidMark(doc: Doc, word: string): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc
    .font("Helvetica-Bold")
    .fontSize(110)
    .fillColor("#c62828")
    .fillOpacity(0.25)
    .text(word, 0, height / 2 - 55, { width, align: "center", lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

/** One receipt on the current page: letterhead, number and parties, the order's lines, the amount in figures and words. */
function drawReceipt(doc: Doc, receipt: PrintedReceipt, { locale, t, head }: ReceiptStyle): void {
  // A credit note says so in capitals and names the receipt it voids (credit-notes.ts: the note refers to it by number).
  const title = receipt.creditOf
    ? t("billing.creditNote.pdf.title")
    : t(receipt.type === RECEIPT_TYPE.note ? "billing.receipts.pdf.note" : "billing.receipts.pdf.receipt");
  drawLetterhead(doc, head, `${title} ${receipt.refId}`);
  const facts: [string, string][] = [
    [t("billing.receipts.pdf.number"), receipt.refId],
    ...(receipt.creditOf ? ([[t("billing.creditNote.pdf.voids"), receipt.creditOf.refId]] as [string, string][]) : []),
    [t("billing.receipts.pdf.date"), day(receipt.date)],
    [t("billing.receipts.pdf.student"), receipt.dependantName ?? "–"],
    [t("billing.receipts.pdf.code"), receipt.dependantCode ?? "–"],
    [t("billing.receipts.pdf.section"), receipt.sectionTag ?? "–"],
    [t("billing.receipts.pdf.guardian"), receipt.principalName ?? "–"],
    [t("billing.receipts.pdf.doc"), receipt.doc ?? "–"],
    [t("billing.receipts.pdf.concept"), receipt.code ? `${receipt.brief} (${t("billing.receipts.pdf.instalment", { code: receipt.code })})` : receipt.brief],
  ];
  drawFacts(doc, facts);
  drawTable(
    doc,
    [
      { label: t("billing.receipts.pdf.item") },
      { label: t("billing.receipts.pdf.quantity"), width: 60, align: "right" },
      { label: t("billing.receipts.pdf.amount"), width: 90, align: "right" },
      { label: t("billing.receipts.pdf.subtotal"), width: 90, align: "right" },
    ],
    receipt.lines.map((line) => ({
      cells: [line.item, String(line.quantity), line.amount.toFixed(2), line.amount.mul(line.quantity).toFixed(2)],
    })),
  );
  drawFacts(doc, [
    [t("billing.receipts.pdf.total"), money(receipt.amount, receipt.curr)],
    [t("billing.receipts.pdf.inWords"), amountInWords(receipt.amount.toFixed(2), receipt.curr, locale)],
    [t("billing.receipts.pdf.datePaid"), day(receipt.datePaid)],
  ]);
  if (receipt.notes) drawParagraph(doc, t("billing.receipts.pdf.notes"), receipt.notes);
  if (receipt.voided) drawVoidMark(doc, t("billing.receipts.pdf.voided"));
}

/** Receipts, one page each, in one ended document (read it as a stream, or with pdfBytes). */
export async function receiptsPdf(receipts: PrintedReceipt[], style: ReceiptStyle, options?: { compress?: boolean }): Promise<Doc> {
  const doc = await newDocument(`${style.t("billing.receipts.pdf.receipt")} ${receipts.map((r) => r.refId).join(", ")}`, options);
  receipts.forEach((receipt, i) => {
    if (i > 0) doc.addPage();
    drawReceipt(doc, receipt, style);
  });
  doc.end();
  return doc;
}
