import fs from "node:fs";
import path from "node:path";
import type { TenantDb } from "@pizarra/db";
import JSZip from "jszip";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Stored = { url: string; filename: string };

let admin: string;
let northside: string;
let secretary: string;
let teacher: string;
let db: TenantDb;
/** The demo teacher's first course-section of 2026, a student of it and a concept of the course graded 8 for them. */
const place = { periodId: 202601, superSectionId: 0, sectionId: 0, sectionName: "", studentId: 0, surname: "", studentName: "", subject: "" };
const PDF_MSG = "Notas provisionales: sujetas a revisión.";
const CONCEPT = "Evaluación de la libreta";

const textOf = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
const card = (path: string, token = admin, locale: "es" | "en" = "es") => api.raw("GET", path, { token, locale });
/** A stored file's bytes through its signed link. */
const download = async (url: string) => new Uint8Array(await (await api.raw("GET", url.replace(/^\/api\//, ""))).arrayBuffer());

beforeAll(async () => {
  ({ admin, northside, secretary, teacher } = await api.tokens());
  const school = await api.school();
  db = school.db;
  const part = await db.activityPart.findFirstOrThrow({
    where: { masterId: school.teacherId, activity: { periodId: place.periodId, hasGrades: true } },
    include: {
      activity: true,
      section: { include: { members: { include: { user: true }, where: { user: { type: 2, inactive: false } }, orderBy: { userId: "asc" }, take: 1 } } },
    },
  });
  const student = part.section.members[0]!.user;
  Object.assign(place, {
    superSectionId: part.section.parentId,
    sectionId: part.sectionId,
    sectionName: part.section.name,
    studentId: student.id,
    surname: student.last!,
    studentName: student.name,
    subject: part.activity.name,
  });
  const concept = await db.evalConcept.create({ data: { periodId: place.periodId, activityId: part.activityId, name: CONCEPT, abrev: "EVL", order: 99 } });
  const saved = await api.call("POST", "admGrades", { token: teacher, body: { grades: [{ conceptId: concept.id, studentId: student.id, gradeNum: 8 }] } });
  expect(saved.body.status).toBe(0);
});

describe("GET grades/pdfreport/{year}/{id} (001 §7)", () => {
  it("answers the student's report card as a PDF with the name, the subjects, letter grades and, before showGradesFrom, the PDF message", async () => {
    await db.period.updateMany({ where: { id: place.periodId }, data: { showGradesFrom: new Date(Date.now() + 86_400_000), showGradesPDFMsg: PDF_MSG } });
    const res = await card(`grades/pdfreport/2026/${place.studentId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="libreta-[a-z0-9-]+-202601\.pdf"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await textOf(bytes);
    expect(text).toContain("Libreta de notas");
    expect(text).toContain("Colegio Demo");
    expect(text).toContain(place.surname);
    expect(text).toContain(place.studentName);
    expect(text).toContain(place.subject);
    expect(text).toMatch(new RegExp(`${CONCEPT}\\s*8\\s*AD`));
    // The demo's final averages print with two decimals and their letter; behaviour follows the subjects.
    expect(text).toMatch(/Promedio final\s*\d\.\d\d\s*(AD|A|B|C)/);
    expect(text).toContain("Conducta");
    expect(text).toContain(PDF_MSG);
  });

  it("prints the student's attendance of the period, and draws the card again once a mark changes", async () => {
    const before = await textOf(new Uint8Array(await (await card(`grades/pdfreport/2026/${place.studentId}`)).arrayBuffer()));
    expect(before).not.toContain("Asistencia");
    // Two registers of the period: present in one, absent in the other.
    for (const [day, status] of [
      ["2026-06-15", 1],
      ["2026-06-16", 3],
    ] as const) {
      const [register] = (await api.call<{ ID: number }[]>("GET", `admAttendance/0/sessions?dt=${day}&sectionId=${place.sectionId}`, { token: admin })).body
        .data;
      await api.call("POST", `admAttendance/session/${register!.ID}/init`, { token: admin });
      expect(
        (await api.call("POST", `admAttendance/session/${register!.ID}/status`, { token: admin, body: [{ userId: place.studentId, status }] })).body.status,
      ).toBe(0);
    }
    const text = await textOf(new Uint8Array(await (await card(`grades/pdfreport/2026/${place.studentId}`)).arrayBuffer()));
    expect(text).toContain("Asistencia");
    expect(text).toContain("De 2 registros");
    expect(text).toMatch(/Presente\s*1\s*50\.0 %/);
    expect(text).toMatch(/Faltas\s*1\s*50\.0 %/);
  });

  it("drops the PDF message once showGradesFrom has come, and follows an enabled exception of the student's grade", async () => {
    await db.period.updateMany({ where: { id: place.periodId }, data: { showGradesFrom: new Date(Date.now() - 86_400_000) } });
    expect(await textOf(new Uint8Array(await (await card(`grades/pdfreport/2026/${place.studentId}`)).arrayBuffer()))).not.toContain(PDF_MSG);
    const exception = await db.periodException.create({
      data: {
        periodId: place.periodId,
        superSectionId: place.superSectionId,
        showGradesDefault: true,
        showGradesFrom: new Date(Date.now() + 86_400_000),
        showGradesPDFMsg: "Notas del grado en revisión.",
      },
    });
    expect(await textOf(new Uint8Array(await (await card(`grades/pdfreport/2026/${place.studentId}`)).arrayBuffer()))).toContain(
      "Notas del grado en revisión.",
    );
    await db.periodException.delete({ where: { id: exception.id } });
  });

  it("prints its labels in the reader's language and takes the period given over the year", async () => {
    const res = await card(`grades/pdfreport/1999/${place.studentId}?periodId=202601`, admin, "en");
    const text = await textOf(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Report card");
    expect(text).toContain("Grade and section");
  });

  it("refuses bad ids with 422 naming the field, unknown ones and other schools' students with 404, and staff without the grade sheet with 403", async () => {
    const year = await api.call("GET", `grades/pdfreport/dos/${place.studentId}`, { token: admin });
    expect(year).toMatchObject({ http: 422, body: { data: { errors: { year: expect.stringContaining("año") } } } });
    expect((await api.call("GET", "grades/pdfreport/2026/0", { token: admin })).http).toBe(422);
    expect((await api.call("GET", `grades/pdfreport/2026/${place.studentId}?periodId=12`, { token: admin })).http).toBe(422);
    expect((await api.call("GET", "grades/pdfreport/2026/2000000000", { token: admin })).http).toBe(404);
    expect((await api.call("GET", `grades/pdfreport/2030/${place.studentId}`, { token: admin })).http).toBe(404);
    expect((await api.call("GET", `grades/pdfreport/2026/${place.studentId}`, { token: northside })).http).toBe(404);
    expect((await api.call("GET", `grades/pdfreport/2026/${place.studentId}`, { token: secretary })).http).toBe(403);
    expect((await card(`grades/pdfreport/2026/${place.studentId}`, teacher)).status).toBe(200);
  });
});

describe("GET admGrades/job/archive/zip (001 §7)", () => {
  it("stores a zip with one report card per active student of the grade, in a folder per section, and answers its link", async () => {
    const res = await api.call<Stored>("GET", `admGrades/job/archive/zip?supersectionId=${place.superSectionId}&periodId=${place.periodId}`, { token: admin });
    expect(res.http).toBe(200);
    expect(res.body.data.filename).toMatch(/^libretas-[a-z0-9-]+-202601\.zip$/);
    const zip = await JSZip.loadAsync(await download(res.body.data.url));
    const members = await db.sectionMember.findMany({
      where: { section: { parentId: place.superSectionId }, user: { type: 2, inactive: false } },
      include: { section: true, user: true },
    });
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names).toHaveLength(members.length);
    const mine = members.find((m) => m.userId === place.studentId)!;
    const entry = names.find((n) => n.startsWith(`${place.sectionName}/`) && n.includes(mine.user.last!) && n.includes(mine.user.name))!;
    expect(entry).toMatch(/\.pdf$/);
    const bytes = await zip.file(entry)!.async("uint8array");
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(await textOf(bytes)).toMatch(new RegExp(`${CONCEPT}\\s*8\\s*AD`));
    expect(new Set(names.map((n) => n.split("/")[0])).size).toBe(new Set(members.map((m) => m.sectionId)).size);
  });

  it("refuses a missing grade with 422, and another school's grade or a period it is not of with 404", async () => {
    expect((await api.call("GET", "admGrades/job/archive/zip", { token: admin })).http).toBe(422);
    expect((await api.call("GET", `admGrades/job/archive/zip?supersectionId=${place.superSectionId}&periodId=202501`, { token: admin })).http).toBe(404);
    expect((await api.call("GET", `admGrades/job/archive/zip?supersectionId=${place.superSectionId}`, { token: northside })).http).toBe(404);
    expect((await api.call("GET", `admGrades/job/archive/zip?supersectionId=${place.superSectionId}`, { token: secretary })).http).toBe(403);
  });
});

describe("GET grades/memo/{periodId}/{id} (001 §7)", () => {
  const memo = async (locale: "es" | "en" = "es") => {
    const res = await api.call<Stored>("GET", `grades/memo/${place.periodId}/${place.studentId}`, { token: admin, locale });
    expect(res.http).toBe(200);
    expect(res.body.data.filename).toMatch(/^memo-[a-z0-9-]+-202601\.pdf$/);
    return textOf(await download(res.body.data.url));
  };

  it("lists the subjects the student has not passed with the final grade and the pass mark, signed by the school", async () => {
    await db.activity.updateMany({ where: { periodId: place.periodId }, data: { minToPass: null, minToPassNum: null } });
    await db.activity.updateMany({
      where: { periodId: place.periodId, name: place.subject, parts: { some: { sectionId: place.sectionId } } },
      data: { minToPassNum: 9 },
    });
    const text = await memo();
    expect(text).toContain("Memorándum de cursos no aprobados");
    expect(text).toContain(place.surname);
    expect(text).toMatch(new RegExp(`${place.subject}\\s*\\d\\.\\d\\d\\s*(AD|A|B|C)\\s*9`));
    expect(text).toContain("La Dirección");
    expect(text).toContain("Colegio Demo");
    expect(await memo("en")).toContain("has not passed the following subjects");
  });

  it("tells the family when every subject is passed", async () => {
    await db.activity.updateMany({ where: { periodId: place.periodId }, data: { minToPassNum: null } });
    const text = await memo();
    expect(text).toContain("ha aprobado todos los cursos");
    expect(text).not.toContain(place.subject);
  });

  it("refuses bad ids with 422 and another school's student or a period without them with 404", async () => {
    expect((await api.call("GET", `grades/memo/2026/${place.studentId}`, { token: admin })).http).toBe(422);
    expect((await api.call("GET", `grades/memo/${place.periodId}/abc`, { token: admin })).http).toBe(422);
    expect((await api.call("GET", `grades/memo/209901/${place.studentId}`, { token: admin })).http).toBe(404);
    expect((await api.call("GET", `grades/memo/${place.periodId}/${place.studentId}`, { token: northside })).http).toBe(404);
  });
});

describe("report artefacts: reused while unchanged, expired, limited, and only for the student's teachers", () => {
  const zipPath = () => `admGrades/job/archive/zip?supersectionId=${place.superSectionId}&periodId=${place.periodId}`;
  const memoPath = () => `grades/memo/${place.periodId}/${place.studentId}`;
  const stored = (url: string) => url.split("?")[0]!.replace(/^\/api\/files\//, "");

  it("answers the same file while nothing drawn into it changed, and a new one (the old removed) once a grade changes", async () => {
    const first = (await api.call<Stored>("GET", memoPath(), { token: admin })).body.data;
    const again = (await api.call<Stored>("GET", memoPath(), { token: admin })).body.data;
    expect(stored(again.url)).toBe(stored(first.url));
    // Another language draws other words: another file.
    const english = (await api.call<Stored>("GET", memoPath(), { token: admin, locale: "en" })).body.data;
    expect(stored(english.url)).not.toBe(stored(first.url));

    const zip1 = (await api.call<Stored>("GET", zipPath(), { token: admin })).body.data;
    expect(stored((await api.call<Stored>("GET", zipPath(), { token: admin })).body.data.url)).toBe(stored(zip1.url));
    const concept = await db.evalConcept.findFirstOrThrow({ where: { name: CONCEPT } });
    const saved = await api.call("POST", "admGrades", {
      token: teacher,
      body: { grades: [{ conceptId: concept.id, studentId: place.studentId, gradeNum: 7 }] },
    });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ status: 0 });
    const zip2 = (await api.call<Stored>("GET", zipPath(), { token: admin })).body.data;
    expect(stored(zip2.url)).not.toBe(stored(zip1.url));
    expect(await db.reportArtefact.count({ where: { storageKey: stored(zip1.url) } })).toBe(0);
    const rows = await db.reportArtefact.findMany({
      where: { kind: "reportcards", subject: `p${place.periodId}g${place.superSectionId}` },
      orderBy: { id: "asc" },
    });
    // Only the newest keeps a file; the rows before it stay (without one) for the build limit.
    expect(rows.flatMap((r) => (r.storageKey ? [r.storageKey] : []))).toEqual([stored(zip2.url)]);
    expect(rows.at(-1)?.storageKey).toBe(stored(zip2.url));
  });

  it("removes artefacts past their lifetime, row and file, on the school's next request", async () => {
    const made = (await api.call<Stored>("GET", memoPath(), { token: admin, locale: "en" })).body.data;
    const key = stored(made.url);
    expect(fs.existsSync(path.join(process.env.STORAGE_DIR!, key))).toBe(true);
    await db.reportArtefact.updateMany({ where: { storageKey: key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await api.call("GET", zipPath(), { token: admin });
    expect(await db.reportArtefact.count({ where: { storageKey: key } })).toBe(0);
    expect(fs.existsSync(path.join(process.env.STORAGE_DIR!, key))).toBe(false);
  });

  it("limits how many new zips one person may have made in ten minutes, in the caller's language", async () => {
    const concept = await db.evalConcept.findFirstOrThrow({ where: { name: CONCEPT } });
    let refused: { http: number; msg: string } | null = null;
    for (let i = 0; i < 8 && !refused; i++) {
      await api.call("POST", "admGrades", { token: teacher, body: { grades: [{ conceptId: concept.id, studentId: place.studentId, gradeNum: i % 7 }] } });
      const res = await api.call("GET", zipPath(), { token: admin, locale: "en" });
      if (res.http !== 200) refused = { http: res.http, msg: res.body.msg };
    }
    expect(refused?.http).toBe(429);
    expect(refused?.msg).toMatch(/^You have had 5 of these files made in the last 10 minutes, the most allowed\. Try again in \d+ min\.$/);
    // A refused build leaves nothing behind.
    const rows = await db.reportArtefact.count();
    expect((await api.call("GET", zipPath(), { token: admin })).http).toBe(429);
    expect(await db.reportArtefact.count()).toBe(rows);
  });

  it("gives a teacher the cards and memos of the students they teach only, and the whole grade's zip to no teacher", async () => {
    expect((await card(`grades/pdfreport/2026/${place.studentId}?periodId=${place.periodId}`, teacher)).status).toBe(200);
    const { teacherId: me } = await api.school();
    const notMine = {
      superSection: { periodId: place.periodId },
      OR: [{ owner: null }, { owner: { not: me } }],
      parts: { none: { OR: [{ masterId: me }, { activity: { masters: { some: { userId: me } } } }] } },
    };
    const other = await db.sectionMember.findFirstOrThrow({ where: { user: { type: 2 }, section: notMine }, select: { userId: true } });
    const refused = await api.call("GET", `grades/memo/${place.periodId}/${other.userId}`, { token: teacher, locale: "en" });
    expect(refused.http).toBe(403);
    expect(refused.body.msg).toBe("You can only see the report cards of students you teach.");
    expect((await card(`grades/pdfreport/2026/${other.userId}?periodId=${place.periodId}`, teacher)).status).toBe(403);
    expect((await api.call("GET", zipPath(), { token: teacher })).http).toBe(403);
  });
});
