import {
  FAMILY_PROBLEM_LEVEL,
  KINSHIP_RELATIONS,
  type TEnvelope,
  type TFamilyImport,
  type TFamilyImportAnswer,
  type TFamilyImportQuery,
} from "@pizarra/contracts";
import { lockKey, tenantOf } from "@pizarra/db";
import { fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { xlsxResponse } from "../../resource/xlsx.ts";
import { columnTitle, FAMILY_COLUMNS, relationLabel } from "./columns.ts";
import { type Plan, planImport } from "./plan.ts";
import { progressReply } from "./progress.ts";
import { type Problems, readFamilyFile } from "./read.ts";
import { writePlan } from "./write.ts";

/** How many problems an answer spells out (a file with an error on every line would be a long read). */
const SHOWN_PROBLEMS = 500;
/** The bound of a stuck import, far beyond what a school's largest file takes (bench/import.ts measures it). */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

function answerOf(plan: Plan, problems: Problems, dryRun: boolean): TFamilyImportAnswer {
  // Errors first, each group in the file's order, so that the list reads top to bottom.
  const sorted = [...problems.list].sort(
    (a, b) => Number(a.level !== FAMILY_PROBLEM_LEVEL.error) - Number(b.level !== FAMILY_PROBLEM_LEVEL.error) || a.line - b.line,
  );
  return { ...plan.answer, dryRun, problems: sorted.slice(0, SHOWN_PROBLEMS), more: Math.max(0, sorted.length - SHOWN_PROBLEMS) };
}

/** What the file did or would do; a file with errors is refused (422), naming its first error, with the whole list. */
function envelopeOf(ctx: AuthedContext, answer: TFamilyImportAnswer, errors: number): TEnvelope<TFamilyImportAnswer> {
  if (errors > 0) {
    const first = answer.problems[0]!;
    throw fieldRefusal("data", ctx.t("validation.importLines", { count: errors, line: first.line, message: first.message }), answer);
  }
  const values = {
    students: answer.students.created + answer.students.updated + answer.students.unchanged,
    guardians: answer.guardians.created + answer.guardians.reused,
  };
  return { status: 0, msg: ctx.t(answer.dryRun ? "familyImport.checked" : "familyImport.imported", values), data: answer };
}

/**
 * POST admStudent/familyImport (000 §2 import, 001 §3 students, 002 §3 relatives): one spreadsheet of students with
 * up to two guardians each. `dryRun=true` is the trial run: it writes nothing and lists every problem by line and
 * column. The import checks again, then writes everything in ONE transaction (or nothing: any error refuses the
 * file with the same list). Students are matched by their code, guardians by their document, else their phone,
 * within the school. Imports of one school take turns (an advisory lock held to the commit), so two at once never
 * create the same guardian twice: the second reads what the first wrote. The answer streams its progress.
 */
export async function familyImport(ctx: AuthedContext & { body: TFamilyImport; query: TFamilyImportQuery }): Promise<Reply<null> & { response: Response }> {
  const dryRun = ctx.query.dryRun === "true";
  return progressReply(ctx, async (report) => {
    report("read", 0, 1);
    const { defaultCountry } = await ctx.db.tenant.findUniqueOrThrow({ where: { id: tenantOf(ctx.db) }, select: { defaultCountry: true } });
    const { lines, problems } = await readFamilyFile(ctx, ctx.body.data, defaultCountry);
    report("read", 1, 1);
    if (dryRun) {
      report("check", 0, lines.length);
      const plan = await planImport(ctx.db, ctx, lines, problems);
      report("check", lines.length, lines.length);
      return envelopeOf(ctx, answerOf(plan, problems, true), problems.errors);
    }
    let refused: TFamilyImportAnswer | null = null;
    const done = await ctx.db.$transaction(
      async (tx) => {
        await lockKey(tx, "familyImport");
        report("check", 0, lines.length);
        const plan = await planImport(tx, ctx, lines, problems);
        report("check", lines.length, lines.length);
        const answer = answerOf(plan, problems, false);
        if (problems.errors > 0) {
          refused = answer;
          return null;
        }
        await writePlan(tx, plan, report);
        const { students, guardians, links, placements } = answer;
        const counts = `students +${students.created} ~${students.updated}; guardians +${guardians.created} =${guardians.reused}; links +${links.created} ~${links.updated}; sections ${placements}`;
        await audit(tx, ctx, "admStudent", "import", counts);
        return answer;
      },
      { timeout: IMPORT_TIMEOUT_MS, maxWait: IMPORT_TIMEOUT_MS },
    );
    return done ? envelopeOf(ctx, done, 0) : envelopeOf(ctx, refused!, problems.errors);
  });
}

/** The template's example line: a student and two guardians, the grade and section the school's first of the current period. */
function exampleLine(ctx: AuthedContext, grade: string, section: string): unknown[] {
  const es = ctx.locale === "es";
  const student = ["A-0001", "Pérez", "Soto", "Ana", "F", new Date(Date.UTC(2016, 2, 14)), "", "DNI", "71234567", grade, section];
  const mother = [
    "María",
    "Soto",
    "DNI",
    "10234567",
    "+51 987 654 321",
    "maria.soto@example.com",
    es ? "madre" : "mother",
    es ? "sí" : "yes",
    es ? "sí" : "yes",
    es ? "sí" : "yes",
  ];
  const father = ["Luis", "Pérez", "DNI", "10765432", "+51 912 345 678", "", es ? "padre" : "father", "no", "no", es ? "sí" : "yes"];
  return [...student, ...mother, ...father];
}

/**
 * GET admStudent/familyImport/template: the .xlsx a school fills, in the caller's language: the header row, an example
 * line, and a second sheet that explains each column and the values it takes, with the current period's grades and
 * sections as the file must name them.
 */
export async function familyImportTemplate(ctx: AuthedContext): Promise<Reply<null> & { response: Response }> {
  const t = ctx.t;
  const period = await ctx.db.period.findFirst({ where: { current: true }, select: { id: true } });
  const grades = period
    ? await ctx.db.superSection.findMany({
        where: { periodId: period.id },
        select: { name: true, sections: { select: { name: true }, orderBy: { name: "asc" } } },
        orderBy: { sort: "asc" },
      })
    : [];
  const first = grades.find((g) => g.sections.length > 0);
  const headers = FAMILY_COLUMNS.map((c) => columnTitle(c, ctx.locale));
  const help = [
    [t("familyImport.help.column"), t("familyImport.help.required"), t("familyImport.help.values")],
    ...FAMILY_COLUMNS.map((c) => [
      columnTitle(c, ctx.locale),
      ["externalId", "last", "name", "gender", "birthday", "grade", "section"].includes(c.key) ? t("familyImport.help.yes") : "",
      t(`familyImport.help.${c.field}`),
    ]),
    [],
    [t("familyImport.help.relations"), "", KINSHIP_RELATIONS.map((r) => relationLabel(r, ctx.locale)).join(", ")],
    [t("familyImport.help.guardians"), "", t("familyImport.help.guardiansText")],
    [],
    [t("familyImport.help.sections"), "", grades.length ? "" : t("familyImport.noPeriod")],
    ...grades.map((g) => [g.name, "", g.sections.map((s) => s.name).join(", ")]),
  ];
  async function* example() {
    yield [exampleLine(ctx, first?.name ?? "", first?.sections[0]?.name ?? "")];
  }
  const name = t("familyImport.templateName");
  return { data: null, response: xlsxResponse(`${name}.xlsx`, name, headers, example(), [{ name: t("familyImport.help.sheet"), rows: help }]) };
}
