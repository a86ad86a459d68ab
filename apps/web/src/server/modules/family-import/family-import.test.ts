import { type TEnvelope, type TFamilyImportAnswer, LINK_KIND, PERSON_TYPE } from "@pizarra/contracts";
import { forTenant, type TenantDb } from "@pizarra/db";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness, raw } from "../../../test-support/harness.ts";
import { readXlsx } from "../../../test-support/read-xlsx.ts";

const api = apiHarness({ school: true });

let admin: string;
let northside: string;
let school: TenantDb;
let grade: string;
let sections: string[];

beforeAll(async () => {
  ({ admin, northside } = await api.tokens());
  ({ db: school } = await api.school());
  const first = await school.superSection.findFirstOrThrow({
    where: { period: { current: true }, sections: { some: {} } },
    orderBy: { sort: "asc" },
    select: { name: true, sections: { select: { name: true }, orderBy: { name: "asc" } } },
  });
  grade = first.name;
  sections = first.sections.map((s) => s.name);
});

type Answer = TEnvelope<TFamilyImportAnswer> & { progress: number };

/** POSTs a file; reads the streamed answer: its progress lines and, last, the envelope. */
async function send(bytes: Buffer, { dryRun = false, token = admin, locale = "es" as "es" | "en" } = {}): Promise<Answer> {
  const res = await raw("POST", `admStudent/familyImport?dryRun=${dryRun}`, {
    token,
    locale,
    headers: { accept: "application/x-ndjson" },
    body: { name: "familias.csv", data: bytes.toString("base64") },
  });
  expect(res.headers.get("content-type")).toContain("ndjson");
  const lines = (await res.text())
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const envelope = lines.at(-1) as unknown as TEnvelope<TFamilyImportAnswer>;
  return { ...envelope, progress: lines.filter((l) => "progress" in l).length };
}

/** The tests' files' columns, titled in Spanish: not all of the template's (guardian 1 has no "puede recoger", guardian 2 no "paga"). */
const STUDENT = ["Código del alumno", "Apellido paterno", "Apellido materno", "Nombres", "Sexo", "Fecha de nacimiento", "Correo", "Tipo de documento"];
const MORE = ["Número de documento", "Grado", "Sección"];
const GUARDIAN = (n: number) => ["nombres", "apellidos", "número de documento", "celular", "parentesco", "principal"].map((c) => `Apoderado ${n} ${c}`);
const ES_HEADER = [...STUDENT, ...MORE, ...GUARDIAN(1), "Apoderado 1 paga", ...GUARDIAN(2), "Apoderado 2 puede recoger"];

type Cells = Record<string, string>;
/** A guardian's cells: name, last names, document, mobile, kinship, principal, and pays (1) or may pick up (2). */
const guardian = (n: number, [name, last, doc = "", cel = "", relation = "", principal = "", flag = ""]: string[]): Cells => ({
  ...Object.fromEntries(GUARDIAN(n).map((title, i) => [title, [name, last, doc, cel, relation, principal][i] ?? ""])),
  [n === 1 ? "Apoderado 1 paga" : "Apoderado 2 puede recoger"]: flag,
});
/** A student's line: their code, last name and given names, then what differs from a girl born 01/01/2016 in the grade's first section. */
const line = (code: string, last: string, name: string, ...more: Cells[]) => {
  const cells: Cells = Object.assign(
    { "Código del alumno": code, "Apellido paterno": last, Nombres: name, Sexo: "F", "Fecha de nacimiento": "01/01/2016", Grado: grade, Sección: sections[0]! },
    ...more,
  );
  return ES_HEADER.map((title) => cells[title] ?? "").join(";");
};
/** A CSV as Excel in Spanish saves it on Windows: `;`, CRLF, Windows-1252 (Latin-1 for these letters), no BOM. */
const spanishExcel = (rows: string[]) => Buffer.from([ES_HEADER.join(";"), ...rows].join("\r\n"), "latin1");

const students = () => school.user.count({ where: { type: PERSON_TYPE.student } });
const relatives = () => school.user.count({ where: { type: PERSON_TYPE.relative } });
const person = (externalId: string) =>
  school.user.findFirstOrThrow({ where: { externalId }, include: { relatives: true, sections: { include: { section: true } } } });

describe("one spreadsheet of students and families", () => {
  it("offers a template in the caller's language, with an example line that imports as it is", async () => {
    for (const locale of ["es", "en"] as const) {
      const res = await raw("GET", "admStudent/familyImport/template", { token: admin, locale });
      expect(res.headers.get("content-type")).toContain("spreadsheetml");
      const file = Buffer.from(await res.arrayBuffer());
      const [data, help] = await readXlsx(file);
      expect(data!.rows[0]!.slice(0, 2)).toEqual(locale === "es" ? ["Código del alumno", "Apellido paterno"] : ["Student code", "Last name"]);
      expect(data!.rows[1]).toContain(grade);
      expect(help!.rows.some((r) => r[0] === grade && String(r[2]).includes(sections[0]!))).toBe(true);
      const trial = await send(file, { dryRun: true, locale });
      expect(trial.status).toBe(0);
      expect(trial.data.students.created).toBe(1);
      expect(trial.data.guardians.created).toBe(2);
    }
  });

  it("imports a CSV saved by Excel in Spanish: `;`, Windows-1252, dd/mm/yyyy, local numbers", async () => {
    const before = await students();
    const answer = await send(
      spanishExcel([
        line(
          "ES-001",
          "Peña",
          "José Ángel",
          { "Apellido materno": "Muñoz", Sexo: "M", "Fecha de nacimiento": "14/03/2016", "Tipo de documento": "DNI", "Número de documento": "71.234.567" },
          guardian(1, ["Lucía", "Muñoz", "10.234.567", "987 654 321", "mamá", "sí"]),
          guardian(2, ["Raúl", "Peña", "", "+51 912 345 678", "padre", "", "no"]),
        ),
      ]),
    );
    expect(answer.status).toBe(0);
    expect(answer.progress).toBeGreaterThan(0);
    expect(answer.data).toMatchObject({ students: { created: 1, updated: 0 }, guardians: { created: 2, reused: 0 }, links: { created: 2 }, placements: 1 });
    expect(await students()).toBe(before + 1);
    const student = await person("ES-001");
    expect([student.last, student.last2, student.name, student.birthday?.toISOString().slice(0, 10)]).toEqual(["Peña", "Muñoz", "José Ángel", "2016-03-14"]);
    expect(student.sections.map((m) => m.section.name)).toEqual([sections[0]]);
    const links = await school.kinship.findMany({ where: { studentId: student.id }, include: { relative: true }, orderBy: { userKind: "asc" } });
    expect(links.map((l) => [l.relative.name, l.relative.cel, l.userKind, l.relation, l.pays, l.pickup])).toEqual([
      ["Lucía", "+51987654321", LINK_KIND.principal, "mother", true, true],
      ["Raúl", "+51912345678", LINK_KIND.guardian, "father", false, false],
    ]);
  });

  it("reads a UTF-8 CSV with its byte-order mark and an .xlsx, options by their code or label in either language", async () => {
    const header = [
      "Student code",
      "Last name",
      "Given names",
      "Gender",
      "Date of birth",
      "Grade",
      "Section",
      "Guardian 1 given names",
      "Guardian 1 last names",
      "Guardian 1 mobile",
    ];
    const csv = `\uFEFF${header.join(",")}\n"EN-001","O'Brien, Jr","Zoë",Female,2015-09-01,"${grade}",${sections[0]},Chloé,O'Brien,+51 955 000 111\n`;
    const trial = await send(Buffer.from(csv, "utf8"), { dryRun: true, locale: "en" });
    expect(trial.status).toBe(0);
    expect(trial.data.students.created).toBe(1);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Hoja1");
    sheet.addRow(header);
    sheet.addRow(["XL-001", "Quispe", "Rosa", "Femenino", new Date(Date.UTC(2014, 6, 28)), grade, sections[0], "Elena", "Quispe", "+51 955 000 222"]);
    const answer = await send(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(answer.status).toBe(0);
    const rosa = await person("XL-001");
    expect([rosa.gender, rosa.birthday?.toISOString().slice(0, 10)]).toEqual(["F", "2014-07-28"]);
  });

  it("refuses a file with bad lines whole, listing every problem by line and column in the caller's language", async () => {
    const [beforeStudents, beforeRelatives] = [await students(), await relatives()];
    const rows = [
      line("BAD-1", "Rojas", "Ana", { "Fecha de nacimiento": "31/02/2016" }, guardian(1, ["Eva", "Rojas", "", "12", "madre"])),
      line("BAD-2", "Rojas", "", { Grado: "Grado inexistente", Sección: "A" }, guardian(1, ["Eva", "Rojas", "20111222", "", "prima"])),
      line("BAD-2", "Vega", "Iván", { Sexo: "M", Sección: "Z" }),
      line("BAD-4", "Vega", "Iván", guardian(1, ["Eva", "Rojas", "20111223", "", "", "sí"]), guardian(2, ["Leo", "Vega", "20111224", "", "", "x"])),
    ];
    const es = await send(spanishExcel(rows));
    expect(es.status).toBe(-422);
    const where = es.data.problems.map((p) => `${p.line}:${p.column}:${p.letter}`);
    expect(where).toEqual(
      expect.arrayContaining([
        "2:birthday:F",
        "2:guardian1.cel:O",
        "3:name:D",
        "3:grade:J",
        "3:guardian1.relation:P",
        "4:externalId:A",
        "5:guardian2.principal:X",
      ]),
    );
    expect(es.data.problems.find((p) => p.column === "grade")!.message).toContain("Grado inexistente");
    expect(es.data.problems.find((p) => p.column === "guardian1.cel")!.message).toContain("Apoderado 1 celular");
    const en = await send(spanishExcel(rows), { locale: "en" });
    expect(en.data.problems.length).toBe(es.data.problems.length);
    expect(en.data.problems.find((p) => p.column === "guardian1.cel")!.message).toContain("Guardian 1 mobile");
    expect([await students(), await relatives()]).toEqual([beforeStudents, beforeRelatives]);
  });

  it("makes one guardian of siblings who share one, and a second import of the file changes nothing", async () => {
    const file = spanishExcel([
      line("SIB-1", "Torres", "Mateo", { Sexo: "M" }, guardian(1, ["Carmen", "Díaz", "30111222", "+51 944 111 222", "madre", "sí"])),
      line(
        "SIB-2",
        "Torres",
        "Lucas",
        { Sexo: "M", Sección: sections[1] ?? sections[0]! },
        guardian(1, ["Carmen Rosa", "Diaz", "30.111.222", "944111222", "madre", "sí"]),
      ),
    ]);
    const first = await send(file);
    expect(first.status).toBe(0);
    expect(first.data.guardians).toEqual({ created: 1, reused: 0 });
    expect(first.data.links.created).toBe(2);
    expect(first.data.problems).toEqual([expect.objectContaining({ line: 3, column: "guardian1.name", level: "warning" })]);
    const carmen = await school.user.findMany({ where: { documentnumber: "30111222" }, include: { dependants: true } });
    expect(carmen).toHaveLength(1);
    expect(carmen[0]!.dependants).toHaveLength(2);

    const counts = async () => [await students(), await relatives(), await school.kinship.count(), await school.sectionMember.count()];
    const before = await counts();
    const stamp = (await person("SIB-1")).updatedAt;
    const again = await send(file);
    expect(again.status).toBe(0);
    expect(again.data).toMatchObject({
      students: { created: 0, updated: 0, unchanged: 2 },
      guardians: { created: 0, reused: 1 },
      links: { created: 0, updated: 0 },
      placements: 0,
    });
    expect(await counts()).toEqual(before);
    expect((await person("SIB-1")).updatedAt).toEqual(stamp);
  });

  it("reuses a guardian of the school by document and by phone, never one of another school", async () => {
    const other = forTenant(
      api.db(),
      (await api.call<{ id: number; name: string }[]>("GET", "admStaff/tenants", { token: northside })).body.data.find((t) => t.name === "Northside School")!
        .id,
    );
    const stranger = await other.user.create({
      data: { type: PERSON_TYPE.relative, name: "Foreign", last: "Parent", documentnumber: "88111222", cel: "+51966111222" },
    });
    const byDoc = await school.user.create({ data: { type: PERSON_TYPE.relative, name: "Marta", last: "Salas", documentnumber: "40.111.222" } });
    const byPhone = await school.user.create({ data: { type: PERSON_TYPE.relative, name: "Jorge", last: "Lima", cel: "+51987333444" } });
    const answer = await send(
      spanishExcel([
        line("RE-1", "Salas", "Inés", guardian(1, ["Marta", "Salas", "40111222", "", "madre"]), guardian(2, ["Jorge", "Lima", "", "987 333 444", "padre"])),
        line("RE-2", "Paz", "Noa", guardian(1, ["Foreign", "Parent", "88111222", "+51 966 111 222", "padre"])),
      ]),
    );
    expect(answer.status).toBe(0);
    expect(answer.data.guardians).toEqual({ created: 1, reused: 2 });
    const links = await school.kinship.findMany({ where: { student: { externalId: "RE-1" } } });
    expect(links.map((l) => l.relativeId).sort()).toEqual([byDoc.id, byPhone.id].sort());
    const foreign = await school.kinship.findFirstOrThrow({ where: { student: { externalId: "RE-2" } } });
    expect(foreign.relativeId).not.toBe(stranger.id);
    expect(await other.kinship.count({ where: { relativeId: stranger.id } })).toBe(0);
  });

  it("keeps one principal guardian per student", async () => {
    const student = await person("ES-001");
    const answer = await send(spanishExcel([line("ES-001", "Peña", "José Ángel", { Sexo: "M" }, guardian(1, ["Nora", "Peña", "50111222", "", "tía", "sí"]))]));
    expect(answer.status).toBe(-422);
    expect(answer.data.problems[0]).toMatchObject({ line: 2, column: "guardian1.principal" });
    expect(answer.data.problems[0]!.message).toContain("Lucía");
    await expect(
      school.kinship.create({
        data: {
          studentId: student.id,
          relativeId: (await school.user.create({ data: { type: PERSON_TYPE.relative, name: "X" } })).id,
          userKind: LINK_KIND.principal,
        },
      }),
    ).rejects.toThrow();
  });

  it("never creates one guardian twice when two imports run at once, and audits each import", async () => {
    const file = (code: string) => spanishExcel([line(code, "Ruiz", "Sol", guardian(1, ["Pilar", "Ruiz", "60111222", "", "madre"]))]);
    const audits = await school.auditLog.count({ where: { action: "import" } });
    const both = await Promise.all([send(file("RACE-1")), send(file("RACE-2"))]);
    expect(both.map((a) => a.status)).toEqual([0, 0]);
    expect(await school.user.count({ where: { documentnumber: "60111222" } })).toBe(1);
    expect(await school.kinship.count({ where: { relative: { documentnumber: "60111222" } } })).toBe(2);
    expect(await school.auditLog.count({ where: { action: "import", moduleId: "admStudent" } })).toBe(audits + 2);
  });
});
