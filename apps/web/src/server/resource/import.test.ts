import { RESOURCES, type ResourceDef, type TImportAnswer, type TImportLine } from "@pizarra/contracts";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import { readXlsx } from "../../test-support/read-xlsx.ts";
import { parseCsv } from "./csv.ts";
import { headerIndex, headerKey, importableFields, isReference } from "./import-fields.ts";

const api = apiHarness({ school: true });
type Refusal = { errors: Record<string, string>; lines: TImportLine[]; refused: number };
type Page = { Results: Record<string, unknown>[] };

let admin: string;
let northside: string;
let secretary: string;

beforeAll(async () => {
  ({ admin, northside, secretary } = await api.tokens());
});

const base64 = (text: string | Buffer) => Buffer.from(text).toString("base64");
const importFile = <T = TImportAnswer>(resource: string, data: string, { dryRun = false, token = admin, locale = "es" as "es" | "en" } = {}) =>
  api.call<T>("POST", `${resource}/importAttach?dryRun=${dryRun}`, { token, locale, body: { data } });
const otltCount = (type: string) => api.db().catalogueValue.count({ where: { type } });

describe("CSV as spreadsheets write it", () => {
  it("reads quotes, doubled quotes, line breaks in cells, a BOM and the semicolons of a Spanish Excel", () => {
    expect(parseCsv('\uFEFFa;b;c\r\n1;"x; y";"he said ""hi"""\n2;"two\nlines";\n')).toEqual([
      ["a", "b", "c"],
      ["1", "x; y", 'he said "hi"'],
      ["2", "two\nlines", ""],
    ]);
    expect(parseCsv("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("keeps blank lines and mixed line ends in the file's numbering, and reads an open quote to the end", () => {
    expect(parseCsv('a\tb\r\n\n1\t2\r3\t"x\n')).toEqual([["a", "b"], [""], ["1", "2"], ["3", "x\n"]]);
  });
});

describe("{resource}/importAttach", () => {
  const csv = ["Tipo;Valor;Etiqueta;Inactivo", "houseColour;R;Rojo;no", "houseColour;A;Azul;sí", 'houseColour;V;"Verde; claro";0'].join("\n");

  it("tries a file without writing, then imports every line with its audit line", async () => {
    const trial = await importFile("admOtlt", base64(csv), { dryRun: true });
    expect(trial.body).toMatchObject({ status: 0, msg: "El archivo está listo: se crearán 3 registros.", data: { rows: 3, dryRun: true } });
    expect(await otltCount("houseColour")).toBe(0);

    const audits = await api.db().auditLog.count({ where: { moduleId: "admOtlt" } });
    const done = await importFile("admOtlt", base64(csv), { locale: "en" });
    expect(done.body).toMatchObject({ status: 0, msg: "3 records imported.", data: { created: 3 } });
    const rows = (await api.call<Page>("GET", "admOtlt/get?type=houseColour&PageSize=10", { token: admin })).body.data.Results;
    expect(rows.map((r) => [r.value, r.label, r.inactive, r.createdByName])).toEqual([
      ["A", "Azul", true, "Ana Administradora"],
      ["R", "Rojo", false, "Ana Administradora"],
      ["V", "Verde; claro", false, "Ana Administradora"],
    ]);
    expect(await api.db().auditLog.count({ where: { moduleId: "admOtlt" } })).toBe(audits + 3);
    // The other school got none of them.
    expect((await api.call<Page>("GET", "admOtlt/get?type=houseColour", { token: northside })).body.data.Results).toEqual([]);
  });

  it("refuses the whole file, listing every refused line with its field's message in the user's language", async () => {
    const bad = ["type,value,label", "shirtSize,S,Small", "shirt size,M,Medium", "shirtSize,L,"].join("\n");
    for (const [locale, first] of [
      ["en", "Line 3: The Type may only hold letters, digits and dashes. (2 lines refused; nothing was imported)."],
      ["es", "Línea 3: El campo Tipo solo admite letras, números y guiones. (2 líneas rechazadas; no se importó nada)."],
    ] as const) {
      const res = await importFile<Refusal>("admOtlt", base64(bad), { locale });
      expect(res.http).toBe(422);
      expect(res.body.msg).toBe(first);
      expect(res.body.data.errors.data).toBe(first);
      expect(res.body.data.lines.map((l) => [l.line, l.field])).toEqual([
        [3, "type"],
        [4, "label"],
      ]);
    }
    expect(await otltCount("shirtSize")).toBe(0);
  });

  it("checks what only the database knows, line by line, and still writes nothing", async () => {
    await importFile("admOtlt", base64("type,value,label\nbloodType,O+,O positivo"));
    const file = [
      "type,value,label",
      "bloodType,A+,A positivo",
      "bloodType,O+,O positivo otra vez",
      "bloodType,B+,B positivo",
      "bloodType,A+,A positivo repetido",
    ].join("\n");
    const res = await importFile<Refusal>("admOtlt", base64(file), { dryRun: true, locale: "en" });
    expect(res.http).toBe(422);
    expect(res.body.data.lines.map((l) => l.line)).toEqual([3, 5]);
    expect(res.body.data.lines[0]!.message).toMatch(/already/i);
    expect(await otltCount("bloodType")).toBe(1);
  });

  it("names unknown columns, empty files and files that are not spreadsheets", async () => {
    const unknown = await importFile<Refusal>("admOtlt", base64("type,value,colour\nx,y,z"), { locale: "en" });
    expect(unknown.http).toBe(422);
    expect(unknown.body.msg).toBe("The file has columns this module does not know: colour.");
    expect((await importFile("admOtlt", base64("type,value,label\n"), { locale: "en" })).body.msg).toBe("The file has no rows under its header row.");
    expect((await importFile("admOtlt", base64("PK\u0003\u0004 broken zip"), { locale: "en" })).body.msg).toBe("The file could not be read as a spreadsheet.");
    expect((await importFile("admOtlt", "%%% not base64")).http).toBe(422);
  });

  it("is refused to a user who may only read the module", async () => {
    const res = await importFile("admSection", base64("Nombre\nZ"), { token: secretary });
    expect(res.http).toBe(403);
  });

  it("hands out a template whose headers it reads back, and imports students into their section from it", async () => {
    const template = await api.raw("GET", "admStudent/importTemplate", { token: admin, locale: "en" });
    expect(template.headers.get("content-type")).toContain("spreadsheetml");
    const headers = (await readXlsx(await template.arrayBuffer()))[0]!.rows[0]!.map(String);
    expect(headers).toEqual(expect.arrayContaining(["Names *", "Last name *", "Status *", "Section", "Consents to e-mail"]));
    expect(headers).not.toContain("Photo");

    const section = (await api.call<Page>("GET", "admSection/get?periodId=202601&PageSize=1", { token: admin })).body.data.Results[0]!;
    const student = (code: string, name: string, sex: string, birthday: unknown) => ({
      "Code *": code,
      "Names *": name,
      "Last name *": "Importado",
      "Second last name *": "Prueba",
      "Sex *": sex,
      "Birthday *": birthday,
      "Status *": "Student",
      "E-mail *": `${code.toLowerCase()}@alumnos.demo`,
      Section: section.ID,
      "Consents to e-mail": "yes",
    });
    // The filled template, as a spreadsheet program saves it: its headers, then a line per student.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Students");
    sheet.addRow(headers);
    for (const values of [student("IMP-1", "Lucía", "F", new Date(Date.UTC(2015, 2, 9))), student("IMP-2", "Mateo", "M", "2014-11-30")]) {
      sheet.addRow(headers.map((title) => (values as Record<string, ExcelJS.CellValue>)[title] ?? null));
    }
    const res = await importFile("admStudent", base64(Buffer.from(await book.xlsx.writeBuffer())), { locale: "en" });
    expect(res.body).toMatchObject({ status: 0, data: { created: 2 } });

    const found = (await api.call<Page>("GET", `admStudent/get?sectionId=${section.ID}&filter=Importad&PageSize=10`, { token: admin })).body.data.Results;
    expect(found.map((s) => [s.name, s.birthday, s.status, s.consentEmail, s.sectionId]).sort()).toEqual([
      ["Lucía", "2015-03-09", 10, true, section.ID],
      ["Mateo", "2014-11-30", 10, true, section.ID],
    ]);
  });
});

describe("a school's own files", () => {
  const sectionOf = async (grade: string, name: string, periodId = 202601) =>
    (await api.db().section.findFirstOrThrow({ where: { name, superSection: { name: grade, periodId, tenant: { alias: "colegio-demo" } } } })).id;
  const students = (filter: string) => api.rows(`admStudent/get?filterBy=externalId&filter=${filter}&PageSize=10`);

  it("imports a CSV saved by Spanish Excel: semicolons, Windows-1252, dd/mm/yyyy, VERDADERO, grades and sections by their labels", async () => {
    const file = [
      "Código *;Nombres *;Apellido paterno *;Apellido materno *;Sexo *;Fecha de nacimiento *;Estado *;Correo *;Grado;Sección;Acepta correos",
      "XL-1;José;Peña;Íñiguez;Masculino;14/03/2016;Estudiante;xl-1@alumnos.demo;3.º de primaria (Año escolar 2026);B;VERDADERO",
      "",
      "XL-2;María;Núñez;Peña;Femenino;1/12/2015;Ingresante;xl-2@alumnos.demo;;2.º de primaria A (Año escolar 2026);No",
    ].join("\r\n");
    const res = await importFile("admStudent", base64(Buffer.from(file, "latin1")));
    expect(res.body).toMatchObject({ status: 0, data: { created: 2 } });
    const found = await students("XL-");
    expect(found.map((s) => [s.externalId, s.name, s.last, s.last2, s.gender, s.birthday, s.status, s.consentEmail, s.sectionId])).toEqual([
      ["XL-2", "María", "Núñez", "Peña", "F", "2015-12-01", 11, false, await sectionOf("2.º de primaria", "A")],
      ["XL-1", "José", "Peña", "Íñiguez", "M", "2016-03-14", 10, true, await sectionOf("3.º de primaria", "B")],
    ]);
  });

  it("refuses a label two records share, or none has, naming the line and the column, and writes nothing", async () => {
    const file = [
      "Código;Nombres;Apellido paterno;Apellido materno;Sexo;Fecha de nacimiento;Estado;Correo;Grado;Sección",
      // Lines are counted as the school's spreadsheet numbers them, blank ones too.
      ";;;;;;;;;",
      "XM-1;Ana;Ríos;Soto;F;14/03/2016;Estudiante;xm-1@alumnos.demo;3.º de primaria;A",
      "XM-2;Luis;Ríos;Soto;M;14/03/2016;Estudiante;xm-2@alumnos.demo;;3.º de primaria A",
      "XM-3;Eva;Ríos;Soto;F;31/02/2016;Estudiante;xm-3@alumnos.demo;;3.º de primaria Z (Año escolar 2026)",
    ].join("\n");
    const res = await importFile<Refusal>("admStudent", base64(Buffer.from(file, "latin1")));
    expect(res.http).toBe(422);
    expect(res.body.data.lines.map((l) => [l.line, l.field])).toEqual([
      [3, "superSectionId"],
      [3, "sectionId"],
      [4, "sectionId"],
      [5, "sectionId"],
    ]);
    const [grade, , section, unknown] = res.body.data.lines.map((l) => l.message);
    expect(grade).toBe(
      "«3.º de primaria» en Grado corresponde a 2 registros (3.º de primaria (Año escolar 2025); 3.º de primaria (Año escolar 2026)); escriba el que corresponde tal como aparece aquí.",
    );
    expect(section).toMatch(/^«3\.º de primaria A» en Sección corresponde a 2 registros/);
    expect(unknown).toBe("El campo Sección no tiene ningún registro «3.º de primaria Z (Año escolar 2026)».");
    expect(res.body.msg).toBe(`Línea 3: ${grade} (4 líneas rechazadas; no se importó nada).`);
    expect(await students("XM-")).toEqual([]);
  });

  it("imports a UTF-8 CSV with its byte-order mark, dates and times as the school writes them", async () => {
    const file = "\uFEFFNombre,Categoría,Desde,Hasta,Sin clases\nDía del Maestro,Feriado,06/07/2026 8:00,06/07/2026 13:30,Sí\n";
    const res = await importFile("admDates", base64(Buffer.from(file, "utf8")));
    expect(res.body).toMatchObject({ status: 0, data: { created: 1 } });
    const [day] = await api.rows("admDates/get?filter=Maestro");
    expect(day).toMatchObject({ name: "Día del Maestro", desc: "Feriado", from: "2026-07-06 08:00", to: "2026-07-06 13:30", noClasses: true });
  });

  const sheetOf = async (res: Response) =>
    (await readXlsx(await res.arrayBuffer()))[0]!.rows.map((row) => row.map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ""))));
  const importable: ResourceDef[] = Object.values(RESOURCES).filter((def) => def.actions.includes("import") && def.actions.includes("export"));
  const referenced = (def: ResourceDef) =>
    new Set(importableFields(def).flatMap((f) => (f.options?.kind === "resource" && isReference(f) ? [f.options.resource] : [])));
  // A module's own import doubles its records, and a label two records share is refused: each goes back in before
  // the modules it names (students before their sections, sections before their grades).
  const ordered: ResourceDef[] = [];
  for (let left = importable; left.length; ) {
    const next = left.filter((def) => !left.some((other) => other !== def && referenced(other).has(def.id)));
    if (!next.length) throw new Error("Importable modules name each other in a circle");
    ordered.push(...next);
    left = left.filter((def) => !next.includes(def));
  }
  /** The rows as the import reads them: the columns it fills, in the file's order. */
  const readable = (def: ResourceDef, [header, ...rows]: string[][]) => {
    const index = headerIndex(def);
    const kept = header!.flatMap((title, i) => (index.has(headerKey(title)) ? [i] : []));
    return rows.map((row) => JSON.stringify(kept.map((i) => row[i] ?? ""))).sort();
  };

  // Every module that imports, a new one included: its export as it is goes back in. Where the school's records keep
  // codes of their own (a person's code and e-mail, a catalogue's type and value), the file's lines clash with the
  // records they came from and nothing else: every value was read back, labels included.
  it.each(ordered.map((def) => [def.id, def] as const))(
    "reads its own export back as it is: %s",
    async (id, def) => {
      const exported = await api.raw("GET", `${id}/get?print=true&format=xlsx`, { token: admin });
      const file = Buffer.from(await exported.clone().arrayBuffer());
      const sheet = await sheetOf(exported);
      const rows = readable(def, sheet);
      expect(rows.length).toBeGreaterThan(0);
      const res = await importFile<Refusal>(id, base64(file), { locale: "en" });
      if (res.http === 422) {
        expect(res.body.data.lines.length).toBeGreaterThan(0);
        for (const line of res.body.data.lines) expect(line.message).toMatch(/already (has this|exists)/);
        return;
      }
      expect(res.body).toMatchObject({ status: 0, data: { created: rows.length } });
      const again = await sheetOf(await api.raw("GET", `${id}/get?print=true&format=xlsx`, { token: admin }));
      expect(again[0]).toEqual(sheet[0]);
      expect(readable(def, again)).toEqual([...rows, ...rows].sort());
      // A whole module of the demo school (600 students, their relatives) goes through the import line by line.
    },
    180_000,
  );
});
