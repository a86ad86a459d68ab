import type { Db } from "../client.ts";
import { hashPassword } from "../password.ts";
import { createSchoolShell, SCHOOL_GROUP_NAMES } from "../school.ts";
import { seedSchool } from "./school.ts";
import { seedAccount, seedStaff } from "./tenant.ts";

export const DEMO_PASSWORD = "pizarra";

export const DEMO_ACCOUNTS = [
  { email: "admin@pizarra.demo", role: "administrator (role 100), both schools" },
  { email: "docente@pizarra.demo", role: "teacher (role 5)" },
  { email: "secretaria@pizarra.demo", role: "secretary: read-only on academic set-up" },
] as const;

/** The demo schools' groups are every school's (school.ts); kept under this name for the tests that look them up. */
export const DEMO_GROUPS = SCHOOL_GROUP_NAMES;

/**
 * The demo school of the README: two tenants, so that the tenant selector shows and isolation can be seen. With
 * `school`, each gets its people, grades, sections and subjects (tests of sign-in and permissions do without).
 * `passwordHash`: the stored form of DEMO_PASSWORD the cast gets (the test databases' is made cheaper: testing.ts).
 */
export async function seedDemo(db: Db, { school = false, passwordHash: given }: { school?: boolean; passwordHash?: string } = {}) {
  const passwordHash = given ?? (await hashPassword(DEMO_PASSWORD));
  // Ana administers both schools: her account first, then each school with her as its first administrator.
  const { colegio, norte } = await db.$transaction(async (tx) => {
    const ana = await seedAccount(tx, "admin@pizarra.demo", passwordHash, "+51987000001");
    const admin = { accountId: ana.id, name: "Ana", last: "Administradora", mail: "admin@pizarra.demo", cel: "+51987000001", tag: "Admin" };
    return {
      colegio: await createSchoolShell(tx, {
        title: "Colegio Demo",
        alias: "colegio-demo",
        defaultLocale: "es",
        defaultCountry: "PE",
        // The number the demo sends from (WHATSAPP_PHONE_NUMBER_ID of scripts/lib/outside.ts): its stand-in's
        // callbacks and families' replies come for it.
        whatsappPhoneNumberId: "demo-number",
        themeColor: "light.blue",
        plan: "Empower",
        // The demo's SMTP catcher takes any address: the support form's messages land in .data/mail.
        supportEmail: "soporte@colegio-demo.test",
        admin,
      }),
      norte: await createSchoolShell(tx, {
        title: "Northside School",
        alias: "northside",
        defaultLocale: "en",
        defaultCountry: "US",
        whatsappPhoneNumberId: "demo-number-northside",
        themeColor: "light.green",
        supportEmail: "support@northside.test",
        admin,
      }),
    };
  });
  // 000 §2.9 'Calcular CPROM': the one user of Colegio Demo who may recalculate behaviour averages.
  await db.tenant.update({ where: { id: colegio.tenantId }, data: { settings: { cpromUserId: colegio.adminUserId } } });
  const teacher = await seedStaff(db, {
    email: "docente@pizarra.demo",
    password: DEMO_PASSWORD,
    passwordHash: given,
    name: "Diego",
    last: "Docente",
    roleCode: 5,
    cel: "+51987000002",
    type: 5,
    tag: "Docente",
    memberships: [{ tenantId: colegio.tenantId, groupIds: [colegio.groupIds.teachers] }],
  });
  await seedStaff(db, {
    email: "secretaria@pizarra.demo",
    password: DEMO_PASSWORD,
    passwordHash: given,
    name: "Sara",
    last: "Secretaria",
    roleCode: 10,
    cel: "+51987000003",
    tag: "Secretaría",
    memberships: [{ tenantId: colegio.tenantId, groupIds: [colegio.groupIds.secretaries] }],
  });
  if (school) {
    await seedSchool(db, colegio.tenantId, teacher.userIds[colegio.tenantId]!);
    await seedSchool(db, norte.tenantId, null, { students: 60, teachers: 6, staff: 2 });
    // Tables filled in one go have no planner statistics until autovacuum gets to them: without these, searches
    // across students and their guardians were planned for empty tables and could take tens of seconds.
    await db.$executeRawUnsafe("ANALYZE");
  }
  return { colegio, norte };
}
