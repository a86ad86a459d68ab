import { flattenCatalogue, PERSON_TYPE, ROLE } from "@pizarra/contracts";
import type { Prisma } from "./generated/client.ts";
import { forTenant, type TenantDb, type TenantTx } from "./tenant.ts";

/**
 * What every school starts with, in one place: the demo seed and registration (002 §3 "Registration",
 * `company/setup`) both build their schools from here, so a new school has exactly the demo's modules, menu and
 * groups, and the defaults its first hour needs (a current period, attendance types, message templates).
 */

export type SchoolLocale = "es" | "en";
export const schoolLocale = (locale: string | null | undefined): SchoolLocale => (locale === "en" ? "en" : "es");

export interface GroupSpec {
  name: string;
  /** Module ids with read access; `"*"` means every screen module. */
  read: readonly string[] | "*";
  /** Module ids with write access (implies read); `"*"` means every screen module. */
  write: readonly string[] | "*";
}

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

/** The three groups of every school, by key; their names in the school's language. */
export const SCHOOL_GROUP_NAMES = {
  es: { admins: "Dirección", teachers: "Docentes", secretaries: "Secretaría" },
  en: { admins: "Administration", teachers: "Teachers", secretaries: "Office" },
} as const;
export type SchoolGroupKey = keyof (typeof SCHOOL_GROUP_NAMES)["es"];

const SCHOOL_GROUP_RIGHTS: Record<SchoolGroupKey, Omit<GroupSpec, "name">> = {
  admins: { read: "*", write: "*" },
  teachers: { read: TEACHER_READ, write: TEACHER_WRITE },
  secretaries: { read: SECRETARY_READ, write: SECRETARY_WRITE },
};

/** A school's groups in its language, in the order they are created. */
export const schoolGroups = (locale: SchoolLocale) =>
  (Object.keys(SCHOOL_GROUP_RIGHTS) as SchoolGroupKey[]).map((key) => ({ key, name: SCHOOL_GROUP_NAMES[locale][key], ...SCHOOL_GROUP_RIGHTS[key] }));

/** A period of a school: its id is the year and its number in it (202601), 001 §2 "Period". */
export interface PeriodSpec {
  id: number;
  name: string;
  /** Calendar days, `YYYY-MM-DD`. */
  from: string;
  to: string;
  current: boolean;
  closed: boolean;
}

const PERIOD_NAME = { es: (year: number) => `Año escolar ${year}`, en: (year: number) => `School year ${year}` } as const;
export const periodName = (locale: SchoolLocale, year: number) => PERIOD_NAME[locale](year);

/** A new school's period: the whole calendar year it registers in, current and open (the school edits its dates). */
export const startingPeriod = (locale: SchoolLocale, year: number): PeriodSpec => ({
  id: year * 100 + 1,
  name: periodName(locale, year),
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  current: true,
  closed: false,
});

/** name, type (ATTENDANCE_STATUS), notify families, after how many minutes, shown in reports. */
const ATTENDANCE_TYPES = {
  es: [
    ["Asistencia", 1, false, 0, true],
    ["Tardanza", 2, true, 15, true],
    ["Falta injustificada", 3, true, 60, true],
    ["Falta justificada", 3, false, 0, false],
    ["Tardanza justificada", 2, false, 0, false],
  ],
  en: [
    ["Present", 1, false, 0, true],
    ["Late", 2, true, 10, true],
    ["Unexcused absence", 3, true, 30, true],
    ["Excused absence", 3, false, 0, false],
    ["Excused late arrival", 2, false, 0, false],
  ],
} as const;

/** id, type ('w' WhatsApp text, 'm' mail), name, text, HTML. */
export type TemplateRow = readonly [string, "w" | "m", string, string | null, string | null];

/** The templates the product's own messages are sent with: attendance alerts, justification answers, notices. */
const TEMPLATES: Record<SchoolLocale, readonly TemplateRow[]> = {
  es: [
    [
      "absence-alert",
      "w",
      "Aviso de inasistencia",
      "Hola {{name}}, {{student}} no asistió a {{place}} el {{day}} (registrado a las {{time}}). Si tiene una justificación, envíela aquí: {{link}}",
      null,
    ],
    [
      "late-alert",
      "w",
      "Aviso de tardanza",
      "Hola {{name}}, {{student}} llegó tarde a {{place}} el {{day}} (registrado a las {{time}}). Si hubo un motivo, envíe la justificación aquí: {{link}}",
      null,
    ],
    ["justification-accepted", "w", "Justificación aceptada", "Hola {{name}}, el colegio aceptó la justificación de {{student}} ({{days}}).", null],
    ["justification-denied", "w", "Justificación denegada", "Hola {{name}}, el colegio no aceptó la justificación de {{student}} ({{days}}).", null],
    // The notification's own title and text as parameters: what the wizard writes reaches WhatsApp families too.
    ["school_notice", "w", "Comunicado del colegio", "Comunicado de {{school}}: *{{subject}}*\n\n{{message}}\n\nPuedes responder a este mensaje.", null],
  ],
  en: [
    [
      "absence-alert",
      "w",
      "Absence notice",
      "Hello {{name}}, {{student}} was absent from {{place}} on {{day}} (recorded at {{time}}). If you have an excuse, send it here: {{link}}",
      null,
    ],
    [
      "late-alert",
      "w",
      "Late arrival notice",
      "Hello {{name}}, {{student}} arrived late to {{place}} on {{day}} (recorded at {{time}}). If there was a reason, send the excuse here: {{link}}",
      null,
    ],
    ["justification-accepted", "w", "Excuse accepted", "Hello {{name}}, the school accepted the excuse for {{student}} ({{days}}).", null],
    ["justification-denied", "w", "Excuse denied", "Hello {{name}}, the school did not accept the excuse for {{student}} ({{days}}).", null],
    ["school_notice", "w", "School notice", "Notice from {{school}}: *{{subject}}*\n\n{{message}}\n\nYou can reply to this message.", null],
  ],
};

/** The names attendance's templates are approved under at the WhatsApp provider (Meta allows no dashes). */
const PROVIDER_NAMES: Record<string, string> = {
  "absence-alert": "absence_alert",
  "late-alert": "late_alert",
  "justification-accepted": "justification_accepted",
  "justification-denied": "justification_denied",
};

/** Writes a school's message templates (admLocalization). */
export async function addTemplates(t: TenantDb | TenantTx, rows: readonly TemplateRow[]) {
  await t.localizationTemplate.createMany({
    data: rows.map(([id, type, name, content, contentHTML]) => ({ id, type, name, content, contentHTML, templateId: PROVIDER_NAMES[id] ?? null })),
  });
}

/** Writes a period; grades show online from its last day, at once where it is closed. */
export async function addPeriod(t: TenantDb | TenantTx, period: PeriodSpec) {
  await t.period.create({
    data: {
      id: period.id,
      name: period.name,
      from: new Date(`${period.from}T00:00:00Z`),
      to: new Date(`${period.to}T00:00:00Z`),
      current: period.current,
      closed: period.closed,
      showGradesFrom: new Date(`${period.to}T13:00:00Z`),
      showGradesOnline: period.closed,
    },
  });
}

/** The defaults a school starts its year with: the period given, the attendance types and the message templates. */
export async function addSchoolDefaults(t: TenantDb | TenantTx, locale: SchoolLocale, period: PeriodSpec) {
  await addPeriod(t, period);
  await t.attendanceType.createMany({
    data: ATTENDANCE_TYPES[locale].map(([name, type, notify, notifyDelay, showInReports]) => ({ name, type, notify, notifyDelay, showInReports })),
  });
  await addTemplates(t, TEMPLATES[locale]);
}

export interface TenantFields {
  title: string;
  alias: string;
  defaultLocale: SchoolLocale;
  /** Where the school is (ISO 3166 alpha-2; Peru unless said): its numbers typed without a country code are of it. */
  defaultCountry?: string;
  plan?: string;
  email?: string | null;
  tel?: string | null;
  cel?: string | null;
  themeColor?: string;
  /** The WhatsApp number (Meta's phone_number_id) the school receives its families' messages on. */
  whatsappPhoneNumberId?: string | null;
  /** Where the school's support form writes to (tenants/contact/us). */
  supportEmail?: string | null;
}

/** A tenant with the whole module catalogue (the menu is its headings); the caller's transaction. */
export async function createTenant(tx: Prisma.TransactionClient, spec: TenantFields) {
  const tenant = await tx.tenant.create({
    data: {
      title: spec.title,
      alias: spec.alias,
      defaultLocale: spec.defaultLocale,
      defaultCountry: spec.defaultCountry,
      plan: spec.plan ?? "Starter",
      email: spec.email ?? null,
      tel: spec.tel ?? null,
      cel: spec.cel ?? null,
      whatsappPhoneNumberId: spec.whatsappPhoneNumberId ?? null,
      themeColor: spec.themeColor ?? "light.blue",
      supportEmail: spec.supportEmail ?? null,
    },
    select: { id: true },
  });
  const scoped = forTenant(tx, tenant.id);
  // Parents come before their children in the flattened list, so one ordered insert satisfies the tree's key.
  await scoped.module.createMany({
    data: flattenCatalogue().map(({ isHeading: _h, ...m }) => ({ ...m, hidden: m.hidden ?? false, ai: m.ai ?? false })),
  });
  return { tenantId: tenant.id, scoped };
}

/** Creates each group with its module rights; their ids in the order given. */
export async function createGroups(t: TenantTx, groups: readonly GroupSpec[]) {
  const screens = flattenCatalogue()
    .filter((m) => !m.isHeading)
    .map((m) => m.id);
  const ids: number[] = [];
  for (const g of groups) {
    const group = await t.userGroup.create({ data: { name: g.name }, select: { id: true } });
    ids.push(group.id);
    const write = new Set(g.write === "*" ? screens : g.write);
    const read = new Set([...(g.read === "*" ? screens : g.read), ...write]);
    await t.moduleAccess.createMany({
      data: [...read].map((moduleId) => ({ groupId: group.id, moduleId, canRead: true, canWrite: write.has(moduleId) })),
    });
  }
  return ids;
}

/** The school's first administrator: the Account (sign-in) is the caller's; this is the person in the school. */
export interface FirstAdmin {
  accountId: number;
  name: string;
  last: string;
  mail: string;
  /** In E.164. */
  cel: string;
  tag?: string;
}

export interface SchoolSpec extends TenantFields {
  admin: FirstAdmin;
}

export interface SchoolShell {
  tenantId: number;
  groupIds: Record<SchoolGroupKey, number>;
  adminUserId: number;
}

/**
 * The school's structure without its year: tenant, modules and menu, the three groups, the first administrator
 * (role 100, the administrators' group). The demo seeds its own richer year over it; everyone else calls createSchool.
 */
export async function createSchoolShell(tx: Prisma.TransactionClient, spec: SchoolSpec): Promise<SchoolShell> {
  const { tenantId, scoped } = await createTenant(tx, spec);
  const groups = schoolGroups(spec.defaultLocale);
  const ids = await createGroups(scoped, groups);
  const groupIds = Object.fromEntries(groups.map((g, i) => [g.key, ids[i]!])) as Record<SchoolGroupKey, number>;
  const admin = await scoped.user.create({
    data: {
      accountId: spec.admin.accountId,
      name: spec.admin.name,
      last: spec.admin.last,
      mail: spec.admin.mail.trim().toLowerCase(),
      cel: spec.admin.cel,
      roleCode: ROLE.topAdmin,
      type: PERSON_TYPE.staff,
      tag: spec.admin.tag ?? null,
    },
    select: { id: true },
  });
  await scoped.userGroupMember.create({ data: { groupId: groupIds.admins, userId: admin.id } });
  return { tenantId, groupIds, adminUserId: admin.id };
}

/**
 * A new school, ready for its first hour (000 §2.1, 002 §3): its structure (createSchoolShell), a current period
 * for the calendar year of `now`, the default attendance types and message templates in its language. Runs inside
 * the caller's transaction, so a registration that fails later leaves nothing.
 */
export async function createSchool(tx: Prisma.TransactionClient, spec: SchoolSpec, now: Date = new Date()): Promise<SchoolShell> {
  const shell = await createSchoolShell(tx, spec);
  await addSchoolDefaults(forTenant(tx, shell.tenantId), spec.defaultLocale, startingPeriod(spec.defaultLocale, now.getUTCFullYear()));
  return shell;
}
