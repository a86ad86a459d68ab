import type { Db } from "../client.ts";
import { seedSchool } from "./school.ts";
import { seedStaff, seedTenant } from "./tenant.ts";

export const DEMO_PASSWORD = "pizarra";

export const DEMO_ACCOUNTS = [
  { email: "admin@pizarra.demo", role: "administrator (role 100), both schools" },
  { email: "docente@pizarra.demo", role: "teacher (role 5)" },
  { email: "secretaria@pizarra.demo", role: "secretary: read-only on academic set-up" },
] as const;

const TEACHER_WRITE = [
  "admGrades",
  "admGradesBehavior",
  "admAttendanceControl",
  "admActivitySession",
  "admTracking",
  "admJournal",
  "admBehavior",
  "admCommitment",
  "admBookingList",
];
const TEACHER_READ = ["admPeriod", "admSubject", "admStudent", "admCalendar", "admPublication", "admInfo", "admDates"];
const SECRETARY_WRITE = [
  "admStudent",
  "admRelatives",
  "admUser",
  "admJustification",
  "admBilling",
  "admBillingGrid",
  "admBillingReport",
  "admOrder",
  "admOrderGrid",
  "admOrderDetail",
  "admDirectory",
  "admTransport",
  "admInfirmary",
  "admMedical",
  "admCalendar",
];
const SECRETARY_READ = [
  "admPeriod",
  "admSuperSection",
  "admSection",
  "admSectionMembers",
  "admSubject",
  "admStaff",
  "admGroup",
  "admDates",
  "admPublication",
  "admInfo",
];

export const DEMO_GROUPS = {
  es: { admins: "Dirección", teachers: "Docentes", secretaries: "Secretaría" },
  en: { admins: "Administration", teachers: "Teachers", secretaries: "Office" },
};

/**
 * The demo school of the README: two tenants, so that the tenant selector shows and isolation can be seen. With
 * `school`, each gets its people, grades, sections and subjects (tests of sign-in and permissions do without).
 */
export async function seedDemo(db: Db, { school = false }: { school?: boolean } = {}) {
  const groupsFor = (names: { admins: string; teachers: string; secretaries: string }) => [
    { name: names.admins, read: "*" as const, write: "*" as const },
    { name: names.teachers, read: TEACHER_READ, write: TEACHER_WRITE },
    { name: names.secretaries, read: SECRETARY_READ, write: SECRETARY_WRITE },
  ];
  const colegio = await seedTenant(db, {
    title: "Colegio Demo",
    alias: "colegio-demo",
    defaultLocale: "es",
    defaultCountry: "PE",
    // The number the demo sends from (WHATSAPP_PHONE_NUMBER_ID of scripts/lib/outside.ts): its stand-in's callbacks
    // and families' replies come for it.
    whatsappPhoneNumberId: "demo-number",
    themeColor: "light.blue",
    plan: "Empower",
    // The demo's SMTP catcher takes any address: the support form's messages land in .data/mail.
    supportEmail: "soporte@colegio-demo.test",
    groups: groupsFor(DEMO_GROUPS.es),
  });
  const norte = await seedTenant(db, {
    title: "Northside School",
    alias: "northside",
    defaultLocale: "en",
    defaultCountry: "US",
    whatsappPhoneNumberId: "demo-number-northside",
    themeColor: "light.green",
    supportEmail: "support@northside.test",
    groups: groupsFor(DEMO_GROUPS.en),
  });
  const admin = await seedStaff(db, {
    email: "admin@pizarra.demo",
    password: DEMO_PASSWORD,
    name: "Ana",
    last: "Administradora",
    roleCode: 100,
    cel: "+51987000001",
    tag: "Admin",
    memberships: [
      { tenantId: colegio.tenantId, groupIds: [colegio.groupIds[DEMO_GROUPS.es.admins]!] },
      { tenantId: norte.tenantId, groupIds: [norte.groupIds[DEMO_GROUPS.en.admins]!] },
    ],
  });
  // 000 §2.9 'Calcular CPROM': the one user of Colegio Demo who may recalculate behaviour averages.
  await db.tenant.update({ where: { id: colegio.tenantId }, data: { settings: { cpromUserId: admin.userIds[colegio.tenantId]! } } });
  const teacher = await seedStaff(db, {
    email: "docente@pizarra.demo",
    password: DEMO_PASSWORD,
    name: "Diego",
    last: "Docente",
    roleCode: 5,
    cel: "+51987000002",
    type: 5,
    tag: "Docente",
    memberships: [{ tenantId: colegio.tenantId, groupIds: [colegio.groupIds[DEMO_GROUPS.es.teachers]!] }],
  });
  await seedStaff(db, {
    email: "secretaria@pizarra.demo",
    password: DEMO_PASSWORD,
    name: "Sara",
    last: "Secretaria",
    roleCode: 10,
    cel: "+51987000003",
    tag: "Secretaría",
    memberships: [{ tenantId: colegio.tenantId, groupIds: [colegio.groupIds[DEMO_GROUPS.es.secretaries]!] }],
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
