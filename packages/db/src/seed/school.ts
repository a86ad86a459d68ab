import type { Db } from "../client.ts";
import { addPeriod, addSchoolDefaults, periodName, startingPeriod } from "../school.ts";
import { forTenant } from "../tenant.ts";
import { seedBilling } from "./billing.ts";
import { seedCatalogues } from "./catalogues.ts";
import { seedCommunities } from "./communities.ts";
import { seedConduct } from "./conduct.ts";
import { seedFlows } from "./flows.ts";
import { seedGrades } from "./grades.ts";
import { seedHealth } from "./health.ts";
import { LEVELS, type Lang } from "./levels.ts";
import { seedPublications } from "./publications.ts";

/** A small deterministic generator (mulberry32), so that every demo school is the same school. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

const GIRLS = [
  "Valentina",
  "Camila",
  "Sofía",
  "Lucía",
  "Mariana",
  "Isabella",
  "Daniela",
  "Fernanda",
  "Gabriela",
  "Ximena",
  "Renata",
  "Antonella",
  "Luciana",
  "Micaela",
  "Alessandra",
  "Andrea",
  "Paula",
  "Carla",
  "Julia",
  "Emilia",
];
const BOYS = [
  "Mateo",
  "Santiago",
  "Sebastián",
  "Diego",
  "Thiago",
  "Nicolás",
  "Gabriel",
  "Joaquín",
  "Adrián",
  "Leonardo",
  "Rodrigo",
  "Alejandro",
  "Daniel",
  "Lucas",
  "Samuel",
  "Emiliano",
  "Bruno",
  "Gael",
  "Fabricio",
  "Martín",
];
const SURNAMES = [
  "García",
  "Rodríguez",
  "Quispe",
  "Flores",
  "Sánchez",
  "Ramírez",
  "Torres",
  "Mendoza",
  "Rojas",
  "Vargas",
  "Castillo",
  "Chávez",
  "Huamán",
  "Díaz",
  "Gutiérrez",
  "Espinoza",
  "Ramos",
  "Salazar",
  "Vega",
  "Paredes",
  "Cárdenas",
  "Morales",
  "Ortiz",
  "Silva",
  "Reyes",
  "Córdova",
  "Aguilar",
  "Medina",
  "Herrera",
  "Palacios",
];

const EN_GIRLS = [
  "Olivia",
  "Amelia",
  "Isla",
  "Ava",
  "Ivy",
  "Freya",
  "Lily",
  "Florence",
  "Mia",
  "Willow",
  "Rosie",
  "Sophia",
  "Isabella",
  "Grace",
  "Daisy",
  "Sienna",
  "Poppy",
  "Elsie",
  "Emily",
  "Ella",
];
const EN_BOYS = [
  "Noah",
  "Oliver",
  "George",
  "Arthur",
  "Muhammad",
  "Leo",
  "Harry",
  "Oscar",
  "Archie",
  "Henry",
  "Theodore",
  "Freddie",
  "Jack",
  "Charlie",
  "Theo",
  "Alfie",
  "Jacob",
  "Thomas",
  "Finley",
  "Arlo",
];
const EN_SURNAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Patel",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Thomas",
  "Clarke",
  "Jackson",
  "Wood",
  "Harris",
  "Edwards",
  "Turner",
  "Martin",
  "Cooper",
  "Hill",
  "Ward",
  "Hughes",
];

/** Area codes of the United States whose 555-0100 to 555-0199 are set aside for fiction: 100 numbers each. */
const FICTION_AREAS = ["212", "312", "415", "617", "713", "202", "305", "404", "503", "602"];
/** The n-th fictional number of the United States, in E.164. */
const fictional = (n: number) => `+1${FICTION_AREAS[Math.floor(n / 100) % FICTION_AREAS.length]}55501${String(n % 100).padStart(2, "0")}`;

/** What else a school's people and periods say, in its language; its people's mobiles in E.164, as they are stored. */
const PEOPLE_TEXTS = {
  es: {
    names: { F: GIRLS, M: BOYS, last: SURNAMES },
    mail: { staff: "personal", student: "alumno", mother: "madre", father: "padre", school: "colegio.demo", family: "familia.demo" },
    nationality: "Peruana",
    document: "DNI",
    phone: {
      staff: (i: number) => `+519${String(10_000_000 + i * 7919).slice(0, 8)}`,
      mother: (i: number) => `+5198${String(1_000_000 + i * 13).slice(0, 7)}`,
      father: (i: number) => `+5197${String(1_000_000 + i * 17).slice(0, 7)}`,
    },
  },
  en: {
    names: { F: EN_GIRLS, M: EN_BOYS, last: EN_SURNAMES },
    mail: { staff: "staff", student: "student", mother: "mother", father: "father", school: "northside.demo", family: "family.demo" },
    nationality: "British",
    document: "Passport",
    // The demo's English school is in the United States (Northside's defaultCountry): fictional numbers, which reach
    // nobody should the demo ever send for real.
    phone: { staff: (i: number) => fictional(3 * i), mother: (i: number) => fictional(3 * i + 1), father: (i: number) => fictional(3 * i + 2) },
  },
} as const;

export interface SchoolSize {
  students: number;
  teachers: number;
  staff: number;
}

/**
 * A realistic school for the demo: the previous and the current period, 12 grades from inicial to
 * 5.º de secundaria with 2-3 sections each, students with their guardians, teachers and staff, and the subjects of
 * each grade taught in every section. `teacherUserId` (the demo teacher) gets classes of their own.
 */
export async function seedSchool(db: Db, tenantId: number, teacherUserId: number | null, size: SchoolSize = { students: 600, teachers: 30, staff: 10 }) {
  const rnd = random(20260301 + tenantId);
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const lang: Lang = tenant.defaultLocale === "en" ? "en" : "es";
  const texts = PEOPLE_TEXTS[lang];
  // The current year is every school's starting one (school.ts) over the demo's school dates; the closed year before
  // it is the demo's own, so that history screens have something to show.
  const periods = [
    { id: 202501, name: periodName(lang, 2025), from: "2025-03-03", to: "2025-12-19", current: false, closed: true },
    { ...startingPeriod(lang, 2026), from: "2026-03-02", to: "2026-12-18" },
  ];
  await addPeriod(t, periods[0]!);
  await addSchoolDefaults(t, lang, periods[1]!);

  const { names } = texts;
  const person = (gender: "M" | "F") => ({
    name: rnd.pick(names[gender]),
    last: rnd.pick(names.last),
    last2: rnd.pick(names.last),
    gender,
  });
  const staff = await t.user.createManyAndReturn({
    data: Array.from({ length: size.teachers + size.staff }, (_, i) => {
      const p = person(rnd.next() < 0.6 ? "F" : "M");
      return {
        ...p,
        type: i < size.teachers ? 5 : 4,
        mail: `${texts.mail.staff}${i + 1}@${texts.mail.school}`,
        cel: texts.phone.staff(i),
        externalId: `P${String(i + 1).padStart(4, "0")}`,
      };
    }),
    select: { id: true, type: true },
  });
  const teachers = [...(teacherUserId ? [teacherUserId] : []), ...staff.filter((s) => s.type === 5).map((s) => s.id)];

  const sectionsByPeriod = new Map<number, { id: number; gradeIndex: number }[]>();
  let gradeIndex = 0;
  const gradeRows: { periodId: number; name: string; groupBy: string; sort: number; subjects: readonly string[]; index: number }[] = [];
  for (const period of periods) {
    gradeIndex = 0;
    for (const level of LEVELS)
      for (const grade of level.grades)
        gradeRows.push({
          periodId: period.id,
          name: grade[lang],
          groupBy: level.level[lang],
          sort: gradeIndex,
          subjects: level.subjects.map((s) => s[lang]),
          index: gradeIndex++,
        });
  }
  const grades = await t.superSection.createManyAndReturn({
    data: gradeRows.map(({ periodId, name, groupBy, sort }) => ({ periodId, name, groupBy, sort })),
    select: { id: true, periodId: true, sort: true },
  });
  const sectionCount = grades.map(() => rnd.int(2, 3));
  const sections = await t.section.createManyAndReturn({
    data: grades.flatMap((g, i) =>
      Array.from({ length: sectionCount[i]! }, (_, s) => ({
        parentId: g.id,
        name: "ABC"[s]!,
        maxMembers: 30,
        color: ["blue", "green", "orange"][s]!,
        entranceTime: "07:45",
        leaveTime: g.sort < 3 ? "12:30" : "14:30",
      })),
    ),
    select: { id: true, parentId: true },
  });
  for (const g of grades) {
    const list = sectionsByPeriod.get(g.periodId) ?? [];
    list.push(...sections.filter((s) => s.parentId === g.id).map((s) => ({ id: s.id, gradeIndex: g.sort })));
    sectionsByPeriod.set(g.periodId, list);
  }

  // Students, spread over the current period's sections; those above the first grade were one grade lower last year.
  const current = sectionsByPeriod.get(202601)!;
  const previous = sectionsByPeriod.get(202501)!;
  const students = await t.user.createManyAndReturn({
    data: Array.from({ length: size.students }, (_, i) => {
      const p = person(rnd.next() < 0.5 ? "F" : "M");
      const grade = current[i % current.length]!.gradeIndex;
      const year = 2023 - grade;
      return {
        ...p,
        type: 2,
        status: 10,
        enrolled: true,
        externalId: `A${String(i + 1).padStart(5, "0")}`,
        mail: `${texts.mail.student}${i + 1}@${texts.mail.school}`,
        birthday: new Date(Date.UTC(year, rnd.int(0, 11), rnd.int(1, 28))),
        documenttype: texts.document,
        documentnumber: String(70_000_000 + i * 37),
        consentEmail: true,
        consentImagesAuth: rnd.next() < 0.8,
      };
    }),
    select: { id: true, last: true, last2: true },
  });
  await t.sectionMember.createMany({
    data: students.flatMap((s, i) => {
      const here = current[i % current.length]!;
      const before = here.gradeIndex > 0 ? previous.filter((p) => p.gradeIndex === here.gradeIndex - 1) : [];
      return [{ sectionId: here.id, userId: s.id }, ...(before.length ? [{ sectionId: rnd.pick(before).id, userId: s.id }] : [])];
    }),
  });

  // Guardians: a mother and, for most, a father, named after the child's surnames.
  const guardianRows = students.flatMap((s, i) => [
    {
      student: s.id,
      kind: 0,
      data: {
        name: rnd.pick(names.F),
        last: s.last2 ?? rnd.pick(names.last),
        last2: rnd.pick(names.last),
        gender: "F",
        mail: `${texts.mail.mother}${i + 1}@${texts.mail.family}`,
        cel: texts.phone.mother(i),
      },
    },
    ...(rnd.next() < 0.7
      ? [
          {
            student: s.id,
            kind: 1,
            data: {
              name: rnd.pick(names.M),
              last: s.last ?? rnd.pick(names.last),
              last2: rnd.pick(names.last),
              gender: "M",
              mail: `${texts.mail.father}${i + 1}@${texts.mail.family}`,
              cel: texts.phone.father(i),
            },
          },
        ]
      : []),
  ]);
  const guardians = await t.user.createManyAndReturn({
    data: guardianRows.map((g, i) => ({
      ...g.data,
      type: 1,
      userKind: g.kind,
      nationality: texts.nationality,
      externalId: `F${String(i + 1).padStart(5, "0")}`,
      documenttype: texts.document,
      documentnumber: String(40_000_000 + i * 53),
    })),
    select: { id: true },
  });
  await t.kinship.createMany({
    data: guardianRows.map((g, i) => ({
      studentId: g.student,
      relativeId: guardians[i]!.id,
      userKind: g.kind,
      relation: g.kind === 0 ? "mother" : "father",
      pays: g.kind === 0,
    })),
  });

  // Subjects of each grade, taught in each of its sections by a teacher (the demo teacher first).
  let turn = 0;
  const currentGrades = grades.filter((g) => g.periodId === 202601);
  const activities = await t.activity.createManyAndReturn({
    data: currentGrades.flatMap((g) =>
      gradeRows
        .find((r) => r.periodId === 202601 && r.index === g.sort)!
        .subjects.map((name) => ({ periodId: 202601, name, superSections: [g.id], owner: teachers[turn++ % teachers.length]! })),
    ),
    select: { id: true, superSections: true, owner: true },
  });
  turn = 0;
  const parts = activities.flatMap((a) =>
    sections
      .filter((s) => s.parentId === a.superSections[0])
      .map((s) => ({
        activityId: a.id,
        sectionId: s.id,
        name: "ABC"[sections.filter((x) => x.parentId === s.parentId).indexOf(s)]!,
        masterId: teachers[turn++ % teachers.length]!,
      })),
  );
  await t.activityPart.createMany({ data: parts });
  const masters = new Map<string, { activityId: number; userId: number }>();
  for (const p of parts) masters.set(`${p.activityId}:${p.masterId}`, { activityId: p.activityId, userId: p.masterId });
  await t.activityMaster.createMany({ data: [...masters.values()].map((m) => ({ ...m, alterType: 5 })) });
  await seedCatalogues(db, tenantId);
  await seedCommunities(db, tenantId);
  await seedConduct(db, tenantId);
  await seedHealth(db, tenantId);
  await seedPublications(db, tenantId);
  await seedFlows(db, tenantId);
  await seedBilling(db, tenantId);
  await seedGrades(db, tenantId);

  return {
    periods: periods.length,
    grades: grades.length,
    sections: sections.length,
    students: students.length,
    guardians: guardians.length,
    staff: staff.length,
    subjects: activities.length,
    parts: parts.length,
  };
}
