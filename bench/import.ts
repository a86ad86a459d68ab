// The students-and-families import at a school's start of year: a 2,000-student, 3,500-guardian .xlsx, built in memory
// on the template's own header, sent through the real route to the bench server in the big school: first its trial
// run, then the import, each read to its last streamed line. Times, the progress lines seen and the server's resident
// memory. What the import wrote is deleted afterwards, so that the school is as the other figures expect it.
import ExcelJS from "exceljs";
import type pg from "pg";
import { readXlsx } from "../apps/web/src/test-support/read-xlsx.ts";

export const IMPORT_STUDENTS = 2_000;
/** Families of a mother and a father; the students past one per family are younger siblings of the first ones. */
const FAMILIES = 1_750;
export const IMPORT_TARGETS = { seconds: 20, rssGrowthMB: 200 } as const;
const CODE = "IMPB-";
const DOC = "BX";

export interface ImportFigures {
  students: number;
  guardians: number;
  trialSeconds: number;
  importSeconds: number;
  progressLines: number;
  rssBeforeMB: number;
  rssPeakMB: number;
  answer: unknown;
}

/** Deletes what an import of the bench left (its students and guardians; their links and places go with them). */
async function cleanUp(pool: pg.Pool, tenantId: number): Promise<void> {
  await pool.query(`DELETE FROM "User" WHERE "tenantId" = $1 AND ("externalId" LIKE $2 OR "documentnumber" LIKE $3)`, [tenantId, `${CODE}%`, `${DOC}%`]);
  await pool.query(`DELETE FROM "AuditLog" WHERE "tenantId" = $1 AND action = 'import' AND "moduleId" = 'admStudent'`, [tenantId]);
}

async function workbook(base: string, headers: Record<string, string>, grades: { grade: string; section: string }[]): Promise<Buffer> {
  const template = await fetch(`${base}/api/admStudent/familyImport/template`, { headers });
  const header = (await readXlsx(Buffer.from(await template.arrayBuffer())))[0]!.rows[0]!.map(String);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Alumnos");
  sheet.addRow(header);
  const guardian = (family: number, mother: boolean) => {
    const n = family * 2 + (mother ? 0 : 1);
    return [
      mother ? "Madre" : "Padre",
      `Familia ${family}`,
      "DNI",
      `${DOC}${n}`,
      `+5196${String(n).padStart(7, "0")}`,
      "",
      mother ? "madre" : "padre",
      mother ? "sí" : "no",
      mother ? "sí" : "no",
      "sí",
    ];
  };
  for (let i = 0; i < IMPORT_STUDENTS; i++) {
    const family = i % FAMILIES;
    const { grade, section } = grades[i % grades.length]!;
    const birthday = new Date(Date.UTC(2010 + (i % 8), i % 12, 1 + (i % 28)));
    sheet.addRow([
      `${CODE}${i}`,
      `Familia ${family}`,
      "Bench",
      `Alumno ${i}`,
      i % 2 ? "M" : "F",
      birthday,
      "",
      "DNI",
      `7${String(i).padStart(7, "0")}`,
      grade,
      section,
      ...guardian(family, true),
      ...guardian(family, false),
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One streamed call read to its end: its envelope, how many progress lines came, its seconds. */
async function streamed(base: string, headers: Record<string, string>, file: Buffer, dryRun: boolean) {
  const started = performance.now();
  const res = await fetch(`${base}/api/admStudent/familyImport?dryRun=${dryRun}`, {
    method: "POST",
    headers: { ...headers, accept: "application/x-ndjson", "content-type": "application/json" },
    body: JSON.stringify({ name: "bench.xlsx", data: file.toString("base64") }),
  });
  const lines = (await res.text()).split("\n").filter(Boolean);
  const seconds = (performance.now() - started) / 1000;
  const envelope = JSON.parse(lines.at(-1) ?? "null") as { status: number; msg: string; data: unknown } | null;
  if (!res.ok || !envelope || envelope.status < 0)
    throw new Error(`familyImport dryRun=${dryRun}: HTTP ${res.status} ${JSON.stringify(envelope).slice(0, 500)}`);
  return { envelope, seconds, progress: lines.length - 1 };
}

export async function importFigures(opts: { base: string; token: string; pool: pg.Pool; tenantId: number; rss: () => number }): Promise<ImportFigures> {
  const { base, token, pool, tenantId, rss } = opts;
  const headers = { authorization: `Bearer ${token}`, "x-locale": "es" };
  await cleanUp(pool, tenantId);
  const { rows: grades } = await pool.query<{ grade: string; section: string }>(
    `SELECT ss.name AS grade, s.name AS section FROM "Section" s JOIN "SuperSection" ss ON ss.id = s."superSectionId"
       JOIN "Period" p ON p."tenantId" = ss."tenantId" AND p.id = ss."periodId" WHERE s."tenantId" = $1 AND p.current ORDER BY ss.sort, s.name`,
    [tenantId],
  );
  const file = await workbook(base, headers, grades);
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 25);
  try {
    const trial = await streamed(base, headers, file, true);
    const done = await streamed(base, headers, file, false);
    return {
      students: IMPORT_STUDENTS,
      guardians: FAMILIES * 2,
      trialSeconds: trial.seconds,
      importSeconds: done.seconds,
      progressLines: trial.progress + done.progress,
      rssBeforeMB: before / 1024,
      rssPeakMB: Math.max(peak, rss()) / 1024,
      answer: done.envelope.data,
    };
  } finally {
    clearInterval(sampler);
    await cleanUp(pool, tenantId);
  }
}
