import type { TImportLine } from "@pizarra/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string>; lines?: TImportLine[] };
type Page = { Results: Row[]; RowCount: number };

let admin: string;
let northside: string;
beforeAll(async () => {
  ({ admin, northside } = await api.tokens());
});

const student = (code: string, mail: string, extra: Row = {}) => ({
  externalId: code,
  name: "Lucía",
  last: "Quispe",
  last2: "Mamani",
  gender: "F",
  birthday: "2015-03-04",
  status: 10,
  mail,
  ...extra,
});
const relative = (code: string, mail: string) => ({ externalId: code, name: "Rosa", last: "Quispe", gender: "F", nationality: "Peruana", mail });
const create = (resource: string, body: Row, { token = admin, locale = "es" as "es" | "en" } = {}) =>
  api.call<Refusal & { ID: number }>("POST", `${resource}/create`, { token, locale, body });

describe("one code, one e-mail per person of a school", () => {
  it("refuses a student whose code or e-mail another person of the school has, naming the field in es and en", async () => {
    const first = await create("admStudent", student("Q-100", "lucia.quispe@correo.pe"));
    expect(first.body.status).toBe(0);

    const sameCode = await create("admStudent", student(" q-100 ", "otra@correo.pe"));
    expect(sameCode.http).toBe(422);
    expect(sameCode.body.data.errors).toEqual({ externalId: "Otra persona de este colegio ya tiene este Código." });
    const sameMail = await create("admStudent", student("Q-101", "Lucia.Quispe@correo.pe"), { locale: "en" });
    expect(sameMail.http).toBe(422);
    expect(sameMail.body.data.errors.mail).toMatch(/^Another person at this school already has this /);
    // Nothing was written by the refusals.
    expect(await api.db().user.count({ where: { externalId: { in: [" q-100 ", "Q-101"] } } })).toBe(0);
  });

  it("holds across lists: a relative, a staff member or a user cannot take a student's code or e-mail", async () => {
    const code = await create("admRelatives", relative("Q-100", "rosa@correo.pe"));
    expect(code.body.data.errors).toEqual({ externalId: "Otra persona de este colegio ya tiene este Código." });
    const mail = await create("admRelatives", relative("F-900", "LUCIA.QUISPE@correo.pe"), { locale: "en" });
    expect(Object.keys(mail.body.data.errors)).toEqual(["mail"]);
    const { db } = await api.school();
    const groupId = (await db.userGroup.findFirstOrThrow({ select: { id: true } })).id;
    const staff = await create("admStaff", { name: "Raúl", last: "Paz", externalId: "Q-100", mail: "raul@colegio.pe", type: 4, cel: "987654321", groupId });
    expect(staff.body.data.errors.externalId).toBe("Otra persona de este colegio ya tiene este Código.");
  });

  it("lets another school use the same code and e-mail", async () => {
    const there = await create("admStudent", student("Q-100", "lucia.quispe@correo.pe"), { token: northside });
    expect(there.body.status).toBe(0);
  });

  it("checks an edit against everyone else, and lets a person be saved with their own code", async () => {
    const other = await create("admStudent", student("Q-200", "pedro@correo.pe", { name: "Pedro" }));
    const id = other.body.data.ID;
    const kept = await api.call<Refusal>("POST", `admStudent/edit/${id}`, { token: admin, body: student("q-200", "pedro@correo.pe", { name: "Pedro José" }) });
    expect(kept.body.status).toBe(0);
    const taken = await api.call<Refusal>("POST", `admStudent/edit/${id}`, { token: admin, body: student("Q-100", "pedro@correo.pe") });
    expect(taken.body.data.errors).toEqual({ externalId: "Otra persona de este colegio ya tiene este Código." });
    expect((await api.db().user.findUniqueOrThrow({ where: { id }, select: { externalId: true } })).externalId).toBe("q-200");
  });

  it("applies the rule line by line in an import, against the school and against the file's own earlier lines", async () => {
    const header = "Código;Nombres;Apellido paterno;Apellido materno;Sexo;Fecha de nacimiento;Estado;Correo";
    const csv = [
      header,
      "Q-300;Ana;Rojas;Díaz;F;2014-01-02;10;ana.rojas@correo.pe",
      "Q-100;Eva;Soto;Díaz;F;2014-01-02;10;eva@correo.pe",
      "q-300;Ivo;Soto;Díaz;M;2014-01-02;10;ivo@correo.pe",
    ].join("\n");
    const refused = await api.call<Refusal>("POST", "admStudent/importAttach", { token: admin, body: { data: Buffer.from(csv).toString("base64") } });
    expect(refused.http, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.data.lines, JSON.stringify(refused.body)).toEqual([
      { line: 3, field: "externalId", message: "Otra persona de este colegio ya tiene este Código." },
      { line: 4, field: "externalId", message: "Otra persona de este colegio ya tiene este Código." },
    ]);
    expect(await api.db().user.count({ where: { externalId: "Q-300" } })).toBe(0);
  });

  it("answers two saves racing for one code as the check does: one is created, the other refused by field", async () => {
    const answers = await Promise.all([create("admStudent", student("Q-400", "uno@correo.pe")), create("admStudent", student("Q-400", "dos@correo.pe"))]);
    expect(answers.map((a) => a.body.status).sort()).toEqual([-422, 0].sort());
    const loser = answers.find((a) => a.body.status !== 0)!;
    expect(loser.body.data.errors).toEqual({ externalId: "Otra persona de este colegio ya tiene este Código." });
  });
});

describe("people found the way staff type them", () => {
  beforeAll(async () => {
    const people = [
      ["P-1", "Teodoro", "Yupanqui", "Zavaleta"],
      ["P-2", "Rodrigo", "Zavaleta", "Yupanqui"],
      ["P-3", "Florencia", "Ñaupari", "Huillca"],
      ["P-4", "Teodoro", "Huillca", "Yupanqui"],
    ];
    for (const [code, name, last, last2] of people) {
      const made = await create("admStudent", student(code!, `${code!.toLowerCase()}@correo.pe`, { name, last, last2 }));
      expect(made.body.status).toBe(0);
    }
  });
  const names = async (resource: string, text: string, extra = "") =>
    (await api.rows(`${resource}/get?filter=${encodeURIComponent(text)}${extra}`)).map((r) => [r.name, r.last, r.last2].filter(Boolean).join(" "));

  it("finds a full name in either order, without accents or case, the best match first", async () => {
    expect(await names("admStudent", "Yupanqui Zavaleta")).toEqual(["Teodoro Yupanqui Zavaleta", "Rodrigo Zavaleta Yupanqui"]);
    expect(await names("admStudent", "yupanqui zavaleta")).toEqual(["Teodoro Yupanqui Zavaleta", "Rodrigo Zavaleta Yupanqui"]);
    expect(await names("admStudent", "Teodoro Yupanqui")).toEqual(["Teodoro Yupanqui Zavaleta", "Teodoro Huillca Yupanqui"]);
    expect(await names("admStudent", "NAUPARI")).toEqual(["Florencia Ñaupari Huillca"]);
  });

  it("finds a person by code or e-mail, that person first", async () => {
    expect(await names("admStudent", "p-4")).toEqual(["Teodoro Huillca Yupanqui"]);
    expect((await names("admStudent", "Q-100"))[0]).toBe("Lucía Quispe Mamani");
    expect(await names("admStudent", "p-3@correo")).toEqual(["Florencia Ñaupari Huillca"]);
  });

  it("finds a document number in the lists that show one", async () => {
    const { db } = await api.school();
    const guardian = await db.user.findFirstOrThrow({ where: { type: 1, documentnumber: { not: null } }, select: { documentnumber: true, name: true } });
    expect(await names("admRelatives", guardian.documentnumber!)).toEqual([expect.stringContaining(guardian.name)]);
  });

  it("serves pick lists and the lists that show a person of another table the same way", async () => {
    const pick = await api.call<Page>("GET", `admStudent/get?pick=true&filter=${encodeURIComponent("yupanqui zavaleta")}`, { token: admin });
    expect(pick.body.data.Results.map((r) => r.name)).toEqual(["Yupanqui Zavaleta Teodoro", "Zavaleta Yupanqui Rodrigo"]);
    expect(await names("admUser", "zavaleta teodoro")).toEqual(["Teodoro Yupanqui Zavaleta"]);
    expect(await names("admDirectory", "yupanqui zavaleta")).toEqual(["Teodoro Yupanqui Zavaleta", "Rodrigo Zavaleta Yupanqui"]);
  });

  it("finds a student in the directory by a guardian's full name or e-mail, accents aside", async () => {
    const { db } = await api.school();
    const child = await db.user.findFirstOrThrow({ where: { externalId: "P-3" }, select: { id: true } });
    const mother = await create("admRelatives", { ...relative("F-P3", "maria.quispe@familia.pe"), name: "María Ángeles", last: "Quíspe" });
    await db.kinship.create({ data: { studentId: child.id, relativeId: mother.body.data.ID, userKind: 0 } });
    expect(await names("admDirectory", "maria angeles quispe")).toEqual(["Florencia Ñaupari Huillca"]);
    expect(await names("admDirectory", "MARIA.QUISPE@familia")).toEqual(["Florencia Ñaupari Huillca"]);
  });
});

describe("a student's section in the lists and the form (000 §3)", () => {
  it("is the section of the latest period the student is placed in, not last year's", async () => {
    const { db: school } = await api.school();
    const page = await api.rows("admStudent/get?PageSize=100");
    const places = await school.sectionMember.findMany({
      where: { userId: { in: page.map((r) => r.ID as number) } },
      select: {
        id: true,
        userId: true,
        section: { select: { id: true, name: true, parentId: true, superSection: { select: { name: true, periodId: true } } } },
      },
    });
    const byStudent = new Map<number, typeof places>();
    for (const place of places) byStudent.set(place.userId, [...(byStudent.get(place.userId) ?? []), place]);
    const twoYears = [...byStudent.entries()].filter(([, mine]) => new Set(mine.map((p) => p.section.superSection.periodId)).size === 2).slice(0, 6);
    expect(twoYears.length).toBe(6);
    // Last year's place written after this year's for half of them: neither the order of the rows nor their ids decide.
    for (const [userId, mine] of twoYears.slice(0, 3)) {
      const last = mine.find((p) => p.section.superSection.periodId === 202501)!;
      await school.sectionMember.delete({ where: { id: last.id } });
      await school.sectionMember.create({ data: { userId, sectionId: last.section.id } });
    }
    const relisted = await api.rows("admStudent/get?PageSize=100");
    for (const [userId, mine] of twoYears) {
      const { section } = mine.find((p) => p.section.superSection.periodId === 202601)!;
      const expected = { sectionId: section.id, superSectionId: section.parentId, sectionName: `${section.superSection.name} ${section.name}` };
      expect(relisted.find((r) => r.ID === userId)).toMatchObject(expected);
      expect(await api.record<Row>(`admStudent/get/${userId}`)).toMatchObject(expected);
      const code = page.find((r) => r.ID === userId)!.externalId as string;
      expect((await api.rows(`admStudent/get?filter=${code}`)).find((r) => r.ID === userId)).toMatchObject(expected);
    }
  });
});
