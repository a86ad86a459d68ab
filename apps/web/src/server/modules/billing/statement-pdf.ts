import type { TStatementAnswer, TStatementStudent } from "@pizarra/contracts";
import { drawFacts, drawLetterhead, drawParagraph, drawTable, newDocument } from "../grades/index.ts";
import type { ReceiptStyle } from "./receipt-pdf.ts";

type Doc = PDFKit.PDFDocument;

/** A YYYY-MM-DD day as the school writes it: DD/MM/YYYY. */
const day = (text: string) => text.split("-").reverse().join("/");
const amount = (curr: string, value: string) => `${curr} ${value}`;

/** One student's part: the orders, the payments that counted, the refunds, what is owed and who pays it. */
function drawStudent(doc: Doc, student: TStatementStudent, { t }: ReceiptStyle): void {
  const k = (key: string, values?: Record<string, string | number>) => t(`billing.statement.pdf.${key}`, values);
  drawFacts(doc, [[k("student"), student.code ? `${student.name} (${student.code})` : student.name]]);
  drawTable(
    doc,
    [
      { label: k("concept") },
      { label: k("dueDate"), width: 62 },
      { label: k("total"), width: 70, align: "right" },
      { label: k("paid"), width: 62, align: "right" },
      { label: k("balance"), width: 70, align: "right" },
      { label: k("state"), width: 70 },
    ],
    student.orders.length
      ? student.orders.map((o) => ({
          cells: [o.brief, day(o.dueDate), amount(o.curr, o.total), o.paid, amount(o.curr, o.balance), t(`billing.statement.states.${o.state}`)],
        }))
      : [{ cells: [k("noOrders"), "", "", "", "", ""] }],
  );
  if (student.payments.length)
    drawTable(
      doc,
      [{ label: k("payments") }, { label: k("receipt"), width: 150 }, { label: k("method"), width: 70 }, { label: k("amount"), width: 90, align: "right" }],
      student.payments.map((p) => ({
        cells: [day(p.date), p.refId ? (p.voided ? `${p.refId} (${k("voided")})` : p.refId) : "–", t(`billing.methods.${p.method}`), amount(p.curr, p.amount)],
      })),
    );
  if (student.refunds.length)
    drawTable(
      doc,
      [{ label: k("refunds") }, { label: k("voidedReceipts"), width: 180 }, { label: k("amount"), width: 90, align: "right" }],
      student.refunds.map((r) => ({ cells: [day(r.date), r.voided.join(", ") || "–", amount(r.curr, r.amount)] })),
    );
  drawFacts(doc, [
    [k("owed"), student.balances.map((b) => amount(b.curr, b.amount)).join(" · ") || "–"],
    [
      k("whoPays"),
      student.payers
        .map((p) => `${p.name} ${p.percent} %${p.shares.length ? `: ${p.shares.map((s) => amount(s.curr, s.amount)).join(" · ")}` : ""}`)
        .join("; ") || "–",
    ],
  ]);
}

/**
 * The family's statement of account as a PDF (pdfkit), in the school's language under its letterhead: the family's
 * balance per currency and this guardian's share first, then each student. Amounts in figures, as decimal text.
 */
export async function statementPdf(statement: TStatementAnswer, style: ReceiptStyle): Promise<Doc> {
  const { t } = style;
  const k = (key: string) => t(`billing.statement.pdf.${key}`);
  const doc = await newDocument(`${k("title")} - ${statement.guardian.name}`);
  drawLetterhead(doc, style.head, k("title"));
  drawFacts(doc, [
    [k("guardian"), statement.guardian.name],
    [k("asOf"), day(statement.asOf)],
    [k("familyBalance"), statement.totals.map((x) => amount(x.curr, x.balance)).join(" · ") || "–"],
    [k("share"), statement.totals.map((x) => amount(x.curr, x.share)).join(" · ") || "–"],
  ]);
  for (const student of statement.students) drawStudent(doc, student, style);
  drawParagraph(doc, null, k("footer"), true);
  doc.end();
  return doc;
}
