import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "./password.ts";
import { createSchool, type SchoolSpec } from "./school.ts";
import { forTenant } from "./tenant.ts";
import { createTestDatabase, demoTenants, type TestDatabase } from "./testing.ts";

let database: TestDatabase;

beforeAll(async () => {
  // The demo cast's schools (seedDemo): a new school must start with exactly their modules, groups and rights.
  database = await createTestDatabase("demo");
});
afterAll(() => database.drop());

const spec = (alias: string, defaultLocale: "es" | "en", accountId: number): SchoolSpec => ({
  title: `Colegio ${alias}`,
  alias,
  defaultLocale,
  defaultCountry: defaultLocale === "es" ? "PE" : "US",
  plan: "Starter",
  email: `info@${alias}.test`,
  tel: null,
  cel: "+51911222333",
  admin: { accountId, name: "Rosa", last: "Directora", mail: ` Rosa@${alias}.TEST `, cel: "+51911222333" },
});

async function account(email: string) {
  return database.db.account.create({ data: { email, passwordHash: await hashPassword("unusable-in-tests") }, select: { id: true } });
}

/** A school's groups with their rights, by name, as comparable values. */
async function rightsOf(tenantId: number) {
  const t = forTenant(database.db, tenantId);
  const groups = await t.userGroup.findMany({
    orderBy: { id: "asc" },
    select: { name: true, access: { select: { moduleId: true, canRead: true, canWrite: true } } },
  });
  return groups.map((g) => ({ name: g.name, access: g.access.map((a) => `${a.moduleId}:${a.canRead ? "r" : ""}${a.canWrite ? "w" : ""}`).sort() }));
}

async function modulesOf(tenantId: number) {
  const modules = await forTenant(database.db, tenantId).module.findMany({ orderBy: { id: "asc" }, select: { id: true, parentId: true, sort: true } });
  return modules;
}

describe("createSchool (000 §2.1, 002 §3)", () => {
  it("starts a school with the demo's modules, menu and groups, its administrator, a current period and the defaults", async () => {
    const { colegio, northside } = await demoTenants(database.db);
    const ana = await account("rosa@nueva.test");
    const now = new Date("2027-05-10T15:00:00Z");
    const school = await database.db.$transaction((tx) => createSchool(tx, spec("nueva", "es", ana.id), now));
    const t = forTenant(database.db, school.tenantId);

    expect(await modulesOf(school.tenantId)).toEqual(await modulesOf(colegio));
    expect(await rightsOf(school.tenantId)).toEqual(await rightsOf(colegio));
    expect((await rightsOf(school.tenantId)).map((g) => g.name)).toEqual(["Dirección", "Docentes", "Secretaría"]);

    const admin = await t.user.findUniqueOrThrow({
      where: { id: school.adminUserId },
      select: { accountId: true, roleCode: true, mail: true, memberships: { select: { groupId: true } } },
    });
    expect(admin).toEqual({ accountId: ana.id, roleCode: 100, mail: "rosa@nueva.test", memberships: [{ groupId: school.groupIds.admins }] });

    expect(await t.period.findMany({ select: { id: true, name: true, current: true, closed: true, from: true, to: true } })).toEqual([
      { id: 202701, name: "Año escolar 2027", current: true, closed: false, from: new Date("2027-01-01T00:00:00Z"), to: new Date("2027-12-31T00:00:00Z") },
    ]);
    const types = await t.attendanceType.findMany({ orderBy: { id: "asc" }, select: { name: true, type: true, notify: true } });
    expect(types.map((x) => x.name)).toEqual(["Asistencia", "Tardanza", "Falta injustificada", "Falta justificada", "Tardanza justificada"]);
    const templates = await t.localizationTemplate.findMany({ orderBy: { id: "asc" }, select: { id: true, templateId: true, content: true } });
    expect(templates.map((x) => x.id)).toEqual(["absence-alert", "justification-accepted", "justification-denied", "late-alert", "school_notice"]);
    expect(templates.find((x) => x.id === "absence-alert")).toMatchObject({ templateId: "absence_alert", content: expect.stringContaining("no asistió") });

    // The demo's English school and an English school created now have the same groups, in English.
    const bob = await account("bob@fresh.test");
    const english = await database.db.$transaction((tx) => createSchool(tx, spec("fresh", "en", bob.id), now));
    expect(await rightsOf(english.tenantId)).toEqual(await rightsOf(northside));
    const en = forTenant(database.db, english.tenantId);
    expect((await en.period.findFirstOrThrow({ select: { name: true } })).name).toBe("School year 2027");
    expect((await en.localizationTemplate.findUniqueOrThrow({ where: { tenantId_id: { tenantId: english.tenantId, id: "late-alert" } } })).content).toContain(
      "arrived late",
    );
  });

  it("keeps two new schools apart: each sees only its own groups, people and defaults", async () => {
    const one = await database.db.$transaction(async (tx) => createSchool(tx, spec("uno", "es", (await account("a@uno.test")).id)));
    const two = await database.db.$transaction(async (tx) => createSchool(tx, spec("dos", "es", (await account("a@dos.test")).id)));
    for (const [mine, theirs] of [
      [one, two],
      [two, one],
    ] as const) {
      const t = forTenant(database.db, mine.tenantId);
      const groups = await t.userGroup.findMany({ select: { id: true } });
      expect(groups.map((g) => g.id).sort()).toEqual(Object.values(mine.groupIds).sort());
      expect(await t.user.findMany({ select: { id: true } })).toEqual([{ id: mine.adminUserId }]);
      expect(await t.user.findUnique({ where: { id: theirs.adminUserId } })).toBeNull();
      expect(await t.attendanceType.count()).toBe(5);
    }
  });

  it("leaves nothing behind when the caller's transaction rolls back, and refuses a taken alias", async () => {
    const before = await database.db.tenant.count();
    const ana = await account("roll@back.test");
    await expect(
      database.db.$transaction(async (tx) => {
        await createSchool(tx, spec("rollback", "es", ana.id));
        throw new Error("the registration failed later");
      }),
    ).rejects.toThrow("the registration failed later");
    expect(await database.db.tenant.count()).toBe(before);
    expect(await database.db.tenant.findUnique({ where: { alias: "rollback" } })).toBeNull();
    expect(await database.db.user.count({ where: { accountId: ana.id } })).toBe(0);
    await expect(database.db.$transaction((tx) => createSchool(tx, spec("colegio-demo", "es", ana.id)))).rejects.toMatchObject({ code: "P2002" });
    expect(await database.db.tenant.count()).toBe(before);
  });

  it("gives the seeded staff their mobile as a sign-in phone", async () => {
    const accounts = await database.db.account.findMany({
      where: { email: { endsWith: "@pizarra.demo" } },
      orderBy: { email: "asc" },
      select: { email: true, phone: true },
    });
    expect(accounts).toEqual([
      { email: "admin@pizarra.demo", phone: "+51987000001" },
      { email: "docente@pizarra.demo", phone: "+51987000002" },
      { email: "secretaria@pizarra.demo", phone: "+51987000003" },
    ]);
  });
});
