import {
  type TCardParams,
  type TCardQuery,
  type TCardZipAnswer,
  type TCardZipQuery,
  ZCardParams,
  ZCardQuery,
  ZCardZipAnswer,
  ZCardZipQuery,
  ZMemoParams,
  ZStoredFileAnswer,
} from "@pizarra/contracts";
import { Readable } from "node:stream";
import { notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { authedRoute, type Route } from "../../http/route.ts";
import { memo } from "./memo.ts";
import { artefact, zipSubject } from "./artefacts.ts";
import { cardSources, fileSafe, gradeCardStudents, mayReadCardsOf, sectionCards, studentOf, type CardPeriod, type ReportCard } from "./report-card-data.ts";
import { pdfBytes, reportCardPdf } from "./report-card-pdf.ts";

/** The period asked for: `periodId` when given, else the one of that year (ids are YYYYNN), the current one first. */
async function periodOf(ctx: AuthedContext, year: number, periodId: number | undefined): Promise<CardPeriod> {
  const period = await ctx.db.period.findFirst({
    where: periodId ? { id: periodId } : { id: { gte: year * 100, lte: year * 100 + 99 } },
    orderBy: [{ current: "desc" }, { id: "desc" }],
    select: { id: true, name: true },
  });
  if (!period) throw notFound();
  return period;
}

/** GET grades/pdfreport/{year}/{id}?periodId (001 §7): a student's report card of the period, as the PDF itself. */
async function pdfReport(ctx: AuthedContext & { params: TCardParams; query: TCardQuery }): Promise<Reply<null> & { response: Response }> {
  const period = await periodOf(ctx, ctx.params.year, ctx.query.periodId);
  const student = await studentOf(ctx, period.id, ctx.params.id);
  await mayReadCardsOf(ctx, period.id, student.section.id);
  const { value: card } = await sectionCards(ctx, period, [student]).next();
  const filename = `libreta-${fileSafe(card!.surname)}-${period.id}.pdf`;
  return {
    data: null,
    response: new Response(Readable.toWeb(await reportCardPdf(card!, ctx.t)) as ReadableStream, {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${filename}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    }),
  };
}

/** A zip entry's name: no path separators, and a second student of the same name tells itself apart by id. */
function entryName(used: Set<string>, card: ReportCard): string {
  const clean = (text: string) => text.replace(/[/\\:*?"<>|]+/g, "-").trim() || "-";
  const plain = `${clean(card.section)}/${clean(card.student)}`;
  const name = used.has(plain) ? `${plain} ${card.studentId}` : plain;
  used.add(name);
  return `${name}.pdf`;
}

/**
 * GET admGrades/job/archive/zip?supersectionId&periodId (001 §7): the report cards of every active student of a grade
 * (super section), one PDF per student in a folder per section, zipped and stored (or the zip stored before, while
 * nothing drawn into it changed); answers data.url and the file name.
 * The cards are made one after the other, section by section, so a grade of 300 students never holds more than one
 * card's drawing at a time.
 */
async function archiveZip(ctx: AuthedContext & { query: TCardZipQuery }): Promise<Reply<TCardZipAnswer>> {
  const { supersectionId, periodId } = ctx.query;
  const grade = await ctx.db.superSection.findFirst({
    where: { id: supersectionId, ...(periodId ? { periodId } : {}) },
    select: { id: true, name: true, period: { select: { id: true, name: true } } },
  });
  if (!grade) throw notFound();
  await mayReadCardsOf(ctx, grade.period.id, null);
  const sections = await gradeCardStudents(ctx, grade.id);
  if (!sections.length) return { data: null, msgKey: "grades.noStudents" };
  return artefact(ctx, {
    kind: "reportcards",
    subject: zipSubject(grade.period.id, grade.id),
    inputs: await cardSources(ctx, grade.period, sections.flat()),
    filename: `libretas-${fileSafe(grade.name)}-${grade.period.id}.zip`,
    build: async () => {
      const { default: JSZip } = await import("jszip");
      const zip = new JSZip();
      const used = new Set<string>();
      for (const students of sections) {
        for await (const card of sectionCards(ctx, grade.period, students)) zip.file(entryName(used, card), await pdfBytes(await reportCardPdf(card, ctx.t)));
      }
      return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    },
  });
}

/** 001 §7 "Grades": report cards, the grade's zip of them and the memo of subjects not passed. Staff who read the grade sheet (admGrades) get them. */
export const REPORT_CARD_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "grades/pdfreport/{year}/{id}",
    auth: "user",
    module: "admGrades",
    params: ZCardParams,
    query: ZCardQuery,
    answer: "response",
    handler: pdfReport,
  }),
  authedRoute({
    method: "GET",
    path: "admGrades/job/archive/zip",
    auth: "user",
    module: "admGrades",
    query: ZCardZipQuery,
    answer: ZCardZipAnswer,
    handler: archiveZip,
  }),
  authedRoute({
    method: "GET",
    path: "grades/memo/{periodId}/{id}",
    auth: "user",
    module: "admGrades",
    params: ZMemoParams,
    answer: ZStoredFileAnswer,
    handler: memo,
  }),
];
