import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./client.ts";
import { forTenant, insertRows, selectRows, TENANT_MODELS, type TenantDb } from "./tenant.ts";
import { createTestDatabase, demoTenants, type TestDatabase } from "./testing.ts";

const SCHEMA_DIR = path.resolve(import.meta.dirname, "../../../prisma/schema");

describe("TENANT_MODELS", () => {
  it("lists exactly the models that have a tenantId column", () => {
    const models: string[] = [];
    for (const file of fs.readdirSync(SCHEMA_DIR).filter((f) => f.endsWith(".prisma"))) {
      const text = fs.readFileSync(path.join(SCHEMA_DIR, file), "utf8");
      for (const match of text.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
        if (/^\s+tenantId\s+Int\b/m.test(match[2]!)) models.push(match[1]![0]!.toLowerCase() + match[1]!.slice(1));
      }
    }
    expect([...TENANT_MODELS].sort()).toEqual(models.sort());
  });
});

describe("forTenant", () => {
  let database: TestDatabase;
  let a: number;
  let b: number;

  beforeAll(async () => {
    // The school's seed: the demo's schools, with a course's concepts and students for selectRows to read.
    database = await createTestDatabase("school");
    ({ colegio: a, northside: b } = await demoTenants(database.db));
  });
  afterAll(() => database.drop());

  it("keeps a school's client and the whole database apart in the types", () => {
    const forSchoolCode = (db: TenantDb) => db;
    const forSystemCode = (db: Db) => db;
    // @ts-expect-error the whole database cannot be handed to code that expects one school's rows
    expect(() => forSchoolCode(database.db)).not.toThrow();
    // @ts-expect-error nor a school's client to code that works on every school
    expect(() => forSystemCode(forTenant(database.db, a))).not.toThrow();
  });

  it("reads only the tenant's rows, also by id", async () => {
    const scoped = forTenant(database.db, b);
    const foreignUser = await database.db.user.findFirstOrThrow({ where: { tenantId: a, mail: "docente@pizarra.demo" } });
    expect(await scoped.user.findUnique({ where: { id: foreignUser.id } })).toBeNull();
    expect(await scoped.user.count({ where: { id: foreignUser.id } })).toBe(0);
    const groups = await scoped.userGroup.findMany();
    expect(groups.every((g) => g.tenantId === b)).toBe(true);
  });

  it("cannot change or delete another tenant's rows, nor move a row to another tenant", async () => {
    const scoped = forTenant(database.db, b);
    const foreignGroup = await database.db.userGroup.findFirstOrThrow({ where: { tenantId: a } });
    expect((await scoped.userGroup.updateMany({ where: { id: foreignGroup.id }, data: { name: "hacked" } })).count).toBe(0);
    expect((await scoped.userGroup.deleteMany({ where: { id: foreignGroup.id } })).count).toBe(0);
    await expect(scoped.userGroup.update({ where: { id: foreignGroup.id }, data: { name: "hacked" } })).rejects.toThrow();
    const own = await scoped.userGroup.findFirstOrThrow();
    await scoped.userGroup.update({ where: { id: own.id }, data: { tenantId: a, name: own.name } as never });
    expect((await database.db.userGroup.findUniqueOrThrow({ where: { id: own.id } })).tenantId).toBe(b);
    expect((await database.db.userGroup.findUniqueOrThrow({ where: { id: foreignGroup.id } })).name).not.toBe("hacked");
  });

  it("stamps created rows with the tenant, whatever the caller wrote", async () => {
    const scoped = forTenant(database.db, b);
    const group = await scoped.userGroup.create({ data: { name: "Nuevo", tenantId: a } as never });
    expect(group.tenantId).toBe(b);
  });

  it("refuses, in the database, a row that points at another tenant's row", async () => {
    const scoped = forTenant(database.db, b);
    const foreignGroup = await database.db.userGroup.findFirstOrThrow({ where: { tenantId: a } });
    const ownUser = await scoped.user.findFirstOrThrow();
    await expect(scoped.userGroupMember.create({ data: { groupId: foreignGroup.id, userId: ownUser.id } })).rejects.toThrow();
  });

  it("refuses a tenant row written without the scoped client", async () => {
    await expect(database.db.userGroup.create({ data: { name: "Sin colegio" } })).rejects.toThrow();
  });

  it("inserts rows in bulk for the scoped tenant only, typed by the table, and refuses an unscoped client or a tenantId", async () => {
    const own = await database.db.user.findFirstOrThrow({ where: { tenantId: b } });
    const foreign = await database.db.user.findFirstOrThrow({ where: { tenantId: a } });
    const at = new Date("2026-11-23T10:11:12.345Z");
    const row = (userId: number, newNum: number | null, newTxt: string | null) => ({
      conceptId: 999_001,
      studentId: userId,
      userId,
      oldNum: null,
      oldTxt: null,
      newNum,
      newTxt,
      computed: true,
      at,
    });
    await insertRows(forTenant(database.db, b), "GradeChange", [row(own.id, 5.53, null), row(own.id, null, 'AD ‘logro’ "destacado"')]);
    const written = await database.db.gradeChange.findMany({ where: { conceptId: 999_001 }, orderBy: { id: "asc" } });
    expect(written.map((w) => [w.tenantId, w.newNum, w.newTxt, w.computed, w.at.toISOString()])).toEqual([
      [b, 5.53, null, true, at.toISOString()],
      [b, null, 'AD ‘logro’ "destacado"', true, at.toISOString()],
    ]);
    // The types refuse an unscoped client; the function refuses one that slips past them.
    await expect(insertRows(database.db as unknown as TenantDb, "GradeChange", [row(own.id, 1, null)])).rejects.toThrow(/scoped/);
    await expect(insertRows(forTenant(database.db, b), "GradeChange", [{ ...row(own.id, 1, null), tenantId: a }])).rejects.toThrow(/columns/);
    // A row naming another tenant's student is refused by the database, as for every other write.
    await expect(
      insertRows(forTenant(database.db, b), "Grade", [{ conceptId: 1, studentId: foreign.id, gradeNum: 1, gradeTxt: null, updatedBy: null, updatedAt: at }]),
    ).rejects.toThrow();
    expect(await database.db.gradeChange.count({ where: { conceptId: 999_001 } })).toBe(2);
  });

  it("selects rows in bulk as arrays of the columns asked, of the scoped tenant only", async () => {
    const concepts = await database.db.evalConcept.findMany({ where: { tenantId: a }, take: 3, orderBy: { id: "asc" } });
    const students = await database.db.user.findMany({ where: { tenantId: a, type: 2 }, take: 4, orderBy: { id: "asc" } });
    expect([concepts.length, students.length]).toEqual([3, 4]);
    // Every cell but one graded; a text with the characters JSON escapes and a number with decimals among them.
    const cells = concepts.flatMap((c, i) =>
      students.map((s, j) => ({ conceptId: c.id, studentId: s.id, gradeNum: i + j / 4, gradeTxt: null as string | null })),
    );
    cells.pop();
    cells[0] = { ...cells[0]!, gradeNum: 5.53, gradeTxt: 'AD ‘logro’ "destacado" \\ \n' };
    await database.db.grade.deleteMany({ where: { tenantId: a, conceptId: { in: concepts.map((c) => c.id) } } });
    await insertRows(
      forTenant(database.db, a),
      "Grade",
      cells.map((c) => ({ ...c, updatedBy: null, updatedAt: new Date() })),
    );
    const where = { conceptId: concepts.map((c) => c.id), studentId: students.map((s) => s.id) };
    const rows = await selectRows(forTenant(database.db, a), "Grade", ["conceptId", "studentId", "gradeNum", "gradeTxt"], where);
    expect(new Set(rows.map((r) => JSON.stringify(r)))).toEqual(new Set(cells.map((c) => JSON.stringify([c.conceptId, c.studentId, c.gradeNum, c.gradeTxt]))));
    expect(rows).toHaveLength(11);
    // Another school's client reads none of them, nor does an empty list of values match anything.
    expect(await selectRows(forTenant(database.db, b), "Grade", ["conceptId", "studentId"], where)).toEqual([]);
    expect(await selectRows(forTenant(database.db, a), "Grade", ["conceptId"], { ...where, studentId: [] })).toEqual([]);
    await expect(selectRows(database.db as unknown as TenantDb, "Grade", ["conceptId"], where)).rejects.toThrow(/scoped/);
    await expect(selectRows(forTenant(database.db, a), "Grade", ["tenantId"], where)).rejects.toThrow(/columns/);
    await expect(selectRows(forTenant(database.db, a), "Grade", ["conceptId"], { 'id" OR true --': [1] })).rejects.toThrow(/columns/);
  });
});
