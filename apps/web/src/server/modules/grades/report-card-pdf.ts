import type { TAttendanceSummary } from "@pizarra/contracts";
import type { Translate } from "@pizarra/contracts";
import type { CardBlock, Letterhead, ReportCard } from "./report-card-data.ts";

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
const GREY = "#666666";
const RULE = "#cccccc";
const SHADE = "#eef2f7";
const TEXT = "#111111";

/** A table column: its header, width in points (the first column takes what is left) and alignment. */
export interface TableColumn {
  label: string;
  width?: number;
  align?: "left" | "center" | "right";
}
/** A table line: its cells, in bold (an average, a total), the first cell indented by `indent` levels. */
export interface TableRow {
  cells: string[];
  bold?: boolean;
  indent?: number;
}

/**
 * An A4 document with the built-in Helvetica (WinAnsi: á é í ó ú ñ ¿ ¡ print as they are). pdfkit is loaded on the
 * first document, not with the server: a third of a second that a process printing nothing never spends.
 */
export async function newDocument(title: string, { compress = true }: { compress?: boolean } = {}): Promise<Doc> {
  const { default: PDFDocument } = await import("pdfkit");
  return new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: title }, bufferPages: false, compress });
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more points fit on this one. */
function keepSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** The school's logo and name, the document's title and a rule under them. */
export function drawLetterhead(doc: Doc, head: Letterhead, title: string): void {
  const left = doc.page.margins.left;
  const top = doc.y;
  if (head.logo) doc.image(head.logo, left, top, { fit: [48, 48] });
  const x = head.logo ? left + 60 : left;
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor(TEXT)
    .text(head.school, x, top, { width: contentWidth(doc) - (x - left) });
  doc
    .font("Helvetica")
    .fontSize(12)
    .fillColor(GREY)
    .text(title, x, doc.y + 2);
  const y = Math.max(doc.y, head.logo ? top + 48 : 0) + 8;
  doc
    .moveTo(left, y)
    .lineTo(left + contentWidth(doc), y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  doc.x = left;
  doc.y = y + 10;
}

/** Label: value lines under the letterhead. */
export function drawFacts(doc: Doc, facts: [label: string, value: string][]): void {
  for (const [label, value] of facts) {
    doc.font("Helvetica-Bold").fontSize(10).fillColor(TEXT).text(`${label}: `, doc.page.margins.left, doc.y, { continued: true });
    doc.font("Helvetica").text(value);
  }
  doc.moveDown(0.8);
}

/** A heading bar (a subject's name), kept on the page together with `keep` more points of what follows. */
export function drawHeading(doc: Doc, text: string, keep = 40): void {
  const left = doc.page.margins.left;
  doc.font("Helvetica-Bold").fontSize(11);
  const height = doc.heightOfString(text, { width: contentWidth(doc) - 12 }) + 8;
  keepSpace(doc, height + keep);
  const y = doc.y;
  doc.rect(left, y, contentWidth(doc), height).fill(SHADE);
  doc.fillColor(TEXT).text(text, left + 6, y + 4, { width: contentWidth(doc) - 12 });
  doc.x = left;
  doc.y = y + height + 2;
}

/** A table whose header row repeats on every page it runs onto; rows never split across pages. */
export function drawTable(doc: Doc, columns: TableColumn[], rows: TableRow[]): void {
  const left = doc.page.margins.left;
  const fixed = columns.slice(1).reduce((sum, c) => sum + (c.width ?? 0), 0);
  const widths = [contentWidth(doc) - fixed, ...columns.slice(1).map((c) => c.width ?? 0)];
  const pad = 4;
  const line = (cells: string[], font: string, indent: number, colour: string) => {
    doc.font(font).fontSize(9);
    const heights = cells.map((cell, i) => doc.heightOfString(cell || " ", { width: widths[i]! - 2 * pad - (i === 0 ? indent : 0) }));
    const height = Math.max(...heights) + 2 * pad;
    return {
      height,
      draw: () => {
        const y = doc.y;
        let x = left;
        cells.forEach((cell, i) => {
          const shift = i === 0 ? indent : 0;
          doc.fillColor(colour).text(cell, x + pad + shift, y + pad, { width: widths[i]! - 2 * pad - shift, align: columns[i]!.align ?? "left" });
          x += widths[i]!;
        });
        doc
          .moveTo(left, y + height)
          .lineTo(left + contentWidth(doc), y + height)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke();
        doc.x = left;
        doc.y = y + height;
      },
    };
  };
  const header = () =>
    line(
      columns.map((c) => c.label),
      "Helvetica-Bold",
      0,
      GREY,
    );
  header().draw();
  for (const row of rows) {
    const body = line(row.cells, row.bold ? "Helvetica-Bold" : "Helvetica", (row.indent ?? 0) * 12, TEXT);
    if (doc.y + body.height > bottom(doc)) {
      doc.addPage();
      header().draw();
    }
    body.draw();
  }
  doc.moveDown(0.5);
}

/** A titled paragraph (a descriptive conclusion, a comment, a notice). */
export function drawParagraph(doc: Doc, title: string | null, text: string, italic = false): void {
  const left = doc.page.margins.left;
  doc.font("Helvetica-Bold").fontSize(9);
  keepSpace(doc, (title ? doc.currentLineHeight() : 0) + 24);
  if (title) doc.fillColor(TEXT).text(title, left, doc.y);
  doc
    .font(italic ? "Helvetica-Oblique" : "Helvetica")
    .fontSize(9)
    .fillColor(TEXT)
    .text(text, left, doc.y, { width: contentWidth(doc), align: "justify" });
  doc.moveDown(0.6);
}

function drawBlock(doc: Doc, block: CardBlock, t: Translate): void {
  drawHeading(doc, block.title);
  if (block.rows.length) {
    drawTable(
      doc,
      [
        { label: t("reportCard.concept") },
        { label: t("reportCard.grade"), width: 70, align: "center" },
        { label: t("reportCard.letter"), width: 80, align: "center" },
      ],
      block.rows.map((r) => ({ cells: [r.name, r.value || "–", r.letter || "–"], bold: r.average, indent: r.level })),
    );
  }
  for (const note of block.notes) drawParagraph(doc, note.name, note.text);
  if (!block.rows.length && !block.notes.length) drawParagraph(doc, null, t("reportCard.noGrades"));
}

/** The period's attendance: registers taken, and present, late, absent and justified as counts and percentages. */
function drawAttendance(doc: Doc, a: TAttendanceSummary, t: Translate): void {
  drawHeading(doc, t("reportCard.attendance.title"));
  const line = (key: string, n: number, pct: number) => ({ cells: [t(`reportCard.attendance.${key}`), String(n), `${pct.toFixed(1)} %`] });
  drawTable(
    doc,
    [
      { label: t("reportCard.attendance.of", { taken: a.taken }) },
      { label: t("reportCard.attendance.count"), width: 70, align: "center" },
      { label: "%", width: 80, align: "center" },
    ],
    [
      line("present", a.present, a.presentPct),
      line("late", a.late, a.latePct),
      line("absent", a.absent, a.absentPct),
      line("justified", a.justified, a.justifiedPct),
    ],
  );
}

/**
 * 001 §7 "Grades": one student's report card: the letterhead, who and when, a table per subject (its concepts down to
 * level 1 with their grade and letter, averages in bold) with its descriptive conclusions, the behaviour, and the
 * period's PDF message while the grades are not final. The document is ended: read it as a stream.
 */
export async function reportCardPdf(card: ReportCard, t: Translate): Promise<Doc> {
  const doc = await newDocument(`${t("reportCard.title")} - ${card.student}`);
  doc.on("pageAdded", () => {
    doc.font("Helvetica").fontSize(8).fillColor(GREY).text(`${card.student} · ${card.grade} ${card.section} · ${card.period}`, { align: "right" });
    doc.moveDown(0.5);
  });
  drawLetterhead(doc, card, t("reportCard.title"));
  drawFacts(doc, [
    [t("reportCard.period"), card.period],
    [t("reportCard.student"), card.student],
    [t("reportCard.gradeSection"), `${card.grade} – ${card.section}`],
  ]);
  if (!card.subjects.length) drawParagraph(doc, null, t("reportCard.noSubjects"));
  for (const block of card.subjects) drawBlock(doc, block, t);
  if (card.behaviour) drawBlock(doc, card.behaviour, t);
  if (card.attendance) drawAttendance(doc, card.attendance, t);
  if (card.pdfMsg) drawParagraph(doc, t("reportCard.notice"), card.pdfMsg, true);
  doc.end();
  return doc;
}

/** The bytes of an ended document. */
export async function pdfBytes(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
