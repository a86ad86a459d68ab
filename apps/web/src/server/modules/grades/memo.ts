import { letterOf, type TMemoParams, type TStoredFileAnswer } from "@pizarra/contracts";
import { notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { notPassed } from "./not-passed.ts";
import { artefact, memoSubject } from "./artefacts.ts";
import { cardSources, fileSafe, letterhead, mayReadCardsOf, studentOf } from "./report-card-data.ts";
import { drawFacts, drawLetterhead, drawParagraph, drawTable, newDocument, pdfBytes } from "./report-card-pdf.ts";

/** The school's day (UTC-5, as every date of the back office) in the reader's language. */
const today = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "America/Lima" }).format(new Date());

/**
 * GET grades/memo/{periodId}/{id} (001 §7): a one-page letter to the student's family listing the subjects not passed
 * in the period with their final grade and the minimum to pass, signed by the school; a student who passed everything
 * gets a letter saying so. Stored like the report-card zip; answers data.url and data.filename.
 */
export async function memo(ctx: AuthedContext & { params: TMemoParams }): Promise<Reply<TStoredFileAnswer>> {
  const period = await ctx.db.period.findFirst({ where: { id: ctx.params.periodId }, select: { id: true, name: true } });
  if (!period) throw notFound();
  const student = await studentOf(ctx, period.id, ctx.params.id);
  await mayReadCardsOf(ctx, period.id, student.section.id);
  // The letter is dated: tomorrow's is another one.
  const date = today(ctx.locale);
  return artefact(ctx, {
    kind: "memos",
    subject: memoSubject(period.id, student.id),
    inputs: { date, sources: await cardSources(ctx, period, [student]) },
    filename: `memo-${fileSafe(student.last ?? student.name)}-${period.id}.pdf`,
    build: async () => {
      const [head, failed] = await Promise.all([letterhead(ctx), notPassed(ctx.db, { periodId: period.id, studentId: student.id })]);
      const scales = new Map(
        (await ctx.db.activity.findMany({ where: { id: { in: failed.map((f) => f.activityId) } }, select: { id: true, qualifications: true } })).map((a) => [
          a.id,
          a.qualifications,
        ]),
      );
      return memoPdf(ctx, { head, period, student, failed, scales, date });
    },
  });
}

type MemoData = {
  head: Awaited<ReturnType<typeof letterhead>>;
  period: { id: number; name: string };
  student: Awaited<ReturnType<typeof studentOf>>;
  failed: Awaited<ReturnType<typeof notPassed>>;
  scales: Map<number, string>;
  date: string;
};

/** The memo's page. */
async function memoPdf(ctx: AuthedContext, { head, period, student, failed, scales, date }: MemoData): Promise<Buffer> {
  const t = ctx.t;
  const name = fullName(student, ctx.user.givenNamesFirst);
  const doc = await newDocument(`${t("reportCard.memo.title")} - ${name}`);
  drawLetterhead(doc, head, t("reportCard.memo.title"));
  drawFacts(doc, [
    [t("reportCard.memo.date"), date],
    [t("reportCard.period"), period.name],
    [t("reportCard.student"), name],
    [t("reportCard.gradeSection"), `${student.section.superSection.name} – ${student.section.name}`],
  ]);
  drawParagraph(doc, null, t("reportCard.memo.greeting"));
  if (failed.length) {
    drawParagraph(doc, null, t("reportCard.memo.intro", { student: name, period: period.name }));
    drawTable(
      doc,
      [
        { label: t("reportCard.memo.subject") },
        { label: t("reportCard.memo.final"), width: 80, align: "center" },
        { label: t("reportCard.letter"), width: 80, align: "center" },
        { label: t("reportCard.memo.minToPass"), width: 90, align: "center" },
      ],
      failed.map((f) => ({
        cells: [
          f.activityName,
          f.gradeNum === null ? "–" : f.gradeNum.toFixed(2),
          (f.gradeNum === null ? f.gradeTxt : letterOf(f.gradeNum, scales.get(f.activityId))) ?? "–",
          f.minToPass,
        ],
      })),
    );
    drawParagraph(doc, null, t("reportCard.memo.closing"));
  } else drawParagraph(doc, null, t("reportCard.memo.allPassed", { student: name, period: period.name }));
  doc.moveDown(3);
  drawParagraph(doc, null, `${t("reportCard.memo.signature")}\n${head.school}`);
  doc.end();
  return pdfBytes(doc);
}
