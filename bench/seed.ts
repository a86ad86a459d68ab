// `pnpm bench:seed` (issue 5): the bench database anew, migrated and filled with one big school (20,000 students in
// 600 sections, 1,500 staff, 80 subjects a period with 60-leaf concept trees, grades for three periods) and 50 small
// schools beside it. Every value comes from fixed seeds, so every run makes the same data.
import { createDb, forTenant, type Db } from "@pizarra/db";
import { seedSchool, seedStaff, seedTenant } from "@pizarra/db/seed";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { concept, createConcepts, treeGrades, unit, type Node, type Tree } from "../packages/db/src/seed/grades.ts";
import { mustRun } from "../scripts/lib/run.ts";
import { BENCH_ACCOUNTS, BENCH_PASSWORD, benchDatabase, BIG_SCHOOL } from "./config.ts";

const STUDENTS = 20_000;
const STAFF = 1_500;
const TEACHERS = 1_200;
const SECTIONS_PER_GRADE = 50;
/** A section of every three holds 40 students, the others 30: 200 × 40 + 400 × 30 = 20,000. */
const sectionSize = (index: number) => (index % 3 === 0 ? 40 : 30);
const SMALL_SCHOOLS = 50;
const GRADES = [
  ["Inicial", "Inicial 5 años"],
  ...[1, 2, 3, 4, 5, 6].map((n) => ["Primaria", `${n}.º de primaria`]),
  ...[1, 2, 3, 4, 5].map((n) => ["Secundaria", `${n}.º de secundaria`]),
] as const;
/** Subjects of each grade: 80 a period. */
const SUBJECTS_PER_GRADE = [6, 6, 7, 7, 7, 7, 7, 7, 7, 7, 6, 6];
const SUBJECTS = ["Comunicación", "Matemática", "Personal Social", "Ciencia y Tecnología", "Arte y Cultura", "Educación Física", "Inglés"];
/** The current period first (its parts are dealt first, so that the bench teacher gets a 40-student section). */
const PERIODS = [2026, 2025, 2024].map((year, k) => ({ id: year * 100 + 1, year, current: k === 0 }));
const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Carmen",
  "Dario",
  "Elena",
  "Franco",
  "Gloria",
  "Hugo",
  "Irene",
  "Jorge",
  "Karina",
  "Luis",
  "Marta",
  "Nico",
  "Olga",
  "Pablo",
  "Rosa",
  "Tomás",
  "Úrsula",
  "Víctor",
];
const LAST_NAMES = [
  "Gómez",
  "Pérez",
  "López",
  "Martínez",
  "García",
  "Fernández",
  "Jiménez",
  "Navarro",
  "Romero",
  "Suárez",
  "Álvarez",
  "Molina",
  "Delgado",
  "Castro",
  "Ortega",
  "Rubio",
  "Marín",
  "Sanz",
  "Iglesias",
  "Núñez",
  "Garrido",
  "Cortés",
  "Lozano",
  "Guerrero",
  "Cano",
  "Prieto",
  "Méndez",
  "Calvo",
  "Gallego",
  "Vidal",
];

const started = Date.now();
const log = (what: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  ${what}`);
const pick = <T>(items: readonly T[], ...keys: number[]): T => items[Math.floor(unit(...keys) * items.length)]!;

/** A term's 15 assessments (the last a term exam weighing 40 %) under the final average: 60 leaves. */
function subjectTree(current: boolean): Node[] {
  const terms = [1, 2, 3, 4].map((term) => {
    const locked = current && term === 4;
    const fill = (i: number) => (!current || term < 3 ? 1 : term === 3 ? 1 - i / 20 : 0);
    const assessments = Array.from({ length: 15 }, (_, i) =>
      i === 14
        ? concept(["Examen bimestral", "EXB"], { weight: 40, locked, fill: fill(i) })
        : concept([`Evaluación ${i + 1}`, `E${i + 1}`], { locked, fill: fill(i) }),
    );
    return concept([`Bimestre ${term}`, `B${term}`], { locked }, assessments);
  });
  return [concept(["Promedio final", "PF"], {}, terms)];
}

/** Builds the big school with Prisma (everything but its grades) and answers the grade trees to load. */
async function bigSchool(db: Db): Promise<{ tenantId: number; trees: Tree[] }> {
  const { tenantId, groupIds } = await seedTenant(db, {
    title: "Colegio Grande",
    alias: BIG_SCHOOL,
    defaultLocale: "es",
    plan: "Empower",
    groups: [
      { name: "Dirección", read: "*", write: "*" },
      { name: "Docentes", read: ["admPeriod", "admSubject", "admStudent"], write: ["admGrades"] },
    ],
  });
  await seedStaff(db, {
    email: BENCH_ACCOUNTS.admin,
    password: BENCH_PASSWORD,
    name: "Alba",
    last: "Directora",
    roleCode: 100,
    cel: "900000001",
    memberships: [{ tenantId, groupIds: [groupIds.Dirección!] }],
  });
  const teacher = await seedStaff(db, {
    email: BENCH_ACCOUNTS.teacher,
    password: BENCH_PASSWORD,
    name: "Dora",
    last: "Docente",
    roleCode: 5,
    type: 5,
    cel: "900000002",
    memberships: [{ tenantId, groupIds: [groupIds.Docentes!] }],
  });
  const t = forTenant(db, tenantId);
  const person = (i: number, kind: number) => ({
    name: pick(FIRST_NAMES, i, kind, 1),
    last: pick(LAST_NAMES, i, kind, 2),
    last2: pick(LAST_NAMES, i, kind, 3),
    gender: unit(i, kind, 4) < 0.5 ? "F" : "M",
  });

  await t.period.createMany({
    data: PERIODS.map((p) => ({
      id: p.id,
      name: `Año escolar ${p.year}`,
      from: new Date(`${p.year}-03-02T00:00:00Z`),
      to: new Date(`${p.year}-12-18T00:00:00Z`),
      current: p.current,
      closed: !p.current,
      showGradesFrom: new Date(`${p.year}-12-18T13:00:00Z`),
      showGradesOnline: !p.current,
    })),
  });
  const staff = await t.user.createManyAndReturn({
    data: Array.from({ length: STAFF }, (_, i) => ({
      ...person(i, 1),
      type: i < TEACHERS ? 5 : 4,
      mail: `personal${i + 1}@grande.bench`,
      externalId: `P${String(i + 1).padStart(5, "0")}`,
    })),
    select: { id: true, type: true },
  });
  const teachers = [teacher.userIds[tenantId]!, ...staff.filter((s) => s.type === 5).map((s) => s.id)];
  const students = await t.user.createManyAndReturn({
    data: Array.from({ length: STUDENTS }, (_, i) => ({
      ...person(i, 2),
      type: 2,
      status: 10,
      enrolled: true,
      externalId: `A${String(i + 1).padStart(6, "0")}`,
      mail: `alumno${i + 1}@grande.bench`,
      birthday: new Date(Date.UTC(2008 + Math.floor(unit(i, 5) * 12), Math.floor(unit(i, 6) * 12), 1 + Math.floor(unit(i, 7) * 28))),
      documenttype: "DNI",
      documentnumber: String(60_000_000 + i * 37),
    })),
    select: { id: true },
  });
  log(`${staff.length + 2} staff and ${students.length} students`);

  const superSections = await t.superSection.createManyAndReturn({
    data: PERIODS.flatMap((p) => GRADES.map(([groupBy, name], sort) => ({ periodId: p.id, name, groupBy, sort }))),
    select: { id: true, periodId: true, sort: true },
  });
  const sections = await t.section.createManyAndReturn({
    data: superSections.flatMap((g) =>
      Array.from({ length: SECTIONS_PER_GRADE }, (_, s) => ({
        parentId: g.id,
        name: String(s + 1).padStart(2, "0"),
        maxMembers: 40,
        entranceTime: "07:45",
        leaveTime: "14:30",
      })),
    ),
    select: { id: true, parentId: true },
  });
  // A period's sections in grade order; a student sits one grade lower each year back (none before the first grade).
  const sectionsOf = (periodId: number) => {
    const grades = superSections.filter((g) => g.periodId === periodId).sort((a, b) => a.sort - b.sort);
    return grades.flatMap((g) => sections.filter((s) => s.parentId === g.id));
  };
  const seat = new Array<number>(STUDENTS);
  let next = 0;
  for (let s = 0; s < GRADES.length * SECTIONS_PER_GRADE; s++) for (let k = 0; k < sectionSize(s); k++) seat[next++] = s;
  const members = PERIODS.flatMap((p, k) => {
    const list = sectionsOf(p.id);
    return students.flatMap((student, i) =>
      seat[i]! - k * SECTIONS_PER_GRADE >= 0 ? [{ sectionId: list[seat[i]! - k * SECTIONS_PER_GRADE]!.id, userId: student.id }] : [],
    );
  });
  await t.sectionMember.createMany({ data: members });
  const bySection = new Map<number, number[]>();
  for (const m of members) bySection.set(m.sectionId, [...(bySection.get(m.sectionId) ?? []), m.userId]);
  log(`${superSections.length} grades, ${sections.length} sections, ${members.length} placements`);

  let turn = 0;
  const trees: Tree[] = [];
  for (const p of PERIODS) {
    const grades = superSections.filter((g) => g.periodId === p.id).sort((a, b) => a.sort - b.sort);
    const activities = await t.activity.createManyAndReturn({
      data: grades.flatMap((g) =>
        SUBJECTS.slice(0, SUBJECTS_PER_GRADE[g.sort]).map((name, i) => ({
          periodId: p.id,
          name,
          superSections: [g.id],
          owner: teachers[(g.sort * 7 + i) % teachers.length]!,
        })),
      ),
      select: { id: true, superSections: true },
    });
    const parts = activities.flatMap((a) =>
      sections
        .filter((s) => s.parentId === a.superSections[0])
        .map((s) => ({ activityId: a.id, sectionId: s.id, name: s.id.toString(), masterId: teachers[turn++ % teachers.length]! })),
    );
    await t.activityPart.createMany({ data: parts });
    const masters = new Map(parts.map((part) => [`${part.activityId}:${part.masterId}`, { activityId: part.activityId, userId: part.masterId }]));
    await t.activityMaster.createMany({ data: [...masters.values()] });
    for (const a of activities) {
      const taught = parts.filter((part) => part.activityId === a.id).flatMap((part) => bySection.get(part.sectionId) ?? []);
      trees.push({ periodId: p.id, activityId: a.id, roots: subjectTree(p.current), students: taught, ability: [2.6, 7.8] });
    }
    log(`period ${p.year}: ${activities.length} subjects, ${parts.length} course-sections`);
  }
  await t.$transaction((tx) => createConcepts(tx, trees), { timeout: 120_000 });
  log(`${trees.length} concept trees of 60 leaves`);
  return { tenantId, trees };
}

/**
 * Runs `load` with the table's secondary indexes and foreign keys dropped, then puts them back as the migrations made
 * them (pg_get_indexdef / pg_get_constraintdef): building an index once is much faster than keeping it up row by row.
 */
async function withoutIndexes(pool: pg.Pool, table: string, load: () => Promise<void>): Promise<void> {
  const { rows: keys } = await pool.query<{ name: string; def: string }>(
    "SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'",
    [`"${table}"`],
  );
  const { rows: indexes } = await pool.query<{ name: string; def: string }>(
    "SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i WHERE i.tablename = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)",
    [table],
  );
  for (const k of keys) await pool.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${k.name}"`);
  for (const i of indexes) await pool.query(`DROP INDEX "${i.name}"`);
  await load();
  await Promise.all(indexes.map((i) => pool.query(i.def)));
  for (const k of keys) await pool.query(`ALTER TABLE "${table}" ADD CONSTRAINT "${k.name}" ${k.def}`);
}

/** A value as COPY's text format writes it. */
const copyText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "\\N" : String(value).replace(/[\\\t\n\r]/g, (c) => ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c]!);

/** Every grade of the trees (seed/grades.ts's treeGrades: averages are contracts' weightedAverage), in one COPY. */
async function loadGrades(pool: pg.Pool, tenantId: number, trees: Tree[]): Promise<number> {
  let count = 0;
  const now = new Date().toISOString();
  function* lines() {
    for (const tree of trees) {
      const rows = treeGrades(tree);
      count += rows.length;
      yield rows.map((r) => `${tenantId}\t${r.conceptId}\t${r.studentId}\t${copyText(r.gradeNum)}\t${copyText(r.gradeTxt)}\t${now}\n`).join("");
    }
  }
  await withoutIndexes(pool, "Grade", async () => {
    const client = await pool.connect();
    try {
      await pipeline(
        Readable.from(lines()),
        client.query(copyFrom(`COPY "Grade" ("tenantId", "conceptId", "studentId", "gradeNum", "gradeTxt", "updatedAt") FROM STDIN`)),
      );
    } finally {
      client.release();
    }
    log(`${count.toLocaleString("en")} grades written; building the indexes`);
  });
  return count;
}

const database = await benchDatabase({ fresh: true });
const db = createDb(database.url, 4);
const pool = new pg.Pool({ connectionString: database.url, max: 3, options: "-c synchronous_commit=off -c maintenance_work_mem=512MB" });
try {
  await mustRun("prisma", ["migrate", "deploy"], { DATABASE_URL: database.url });
  log("bench database migrated");
  const { tenantId, trees } = await bigSchool(db);
  const grades = await loadGrades(pool, tenantId, trees);
  log(`${grades.toLocaleString("en")} grades indexed`);
  for (let i = 1; i <= SMALL_SCHOOLS; i++) {
    const small = await seedTenant(db, {
      title: `Escuela ${i}`,
      alias: `escuela-${i}`,
      defaultLocale: i % 2 ? "es" : "en",
      groups: [{ name: "Dirección", read: "*", write: "*" }],
    });
    await seedSchool(db, small.tenantId, null, { students: 40, teachers: 4, staff: 2 });
  }
  log(`${SMALL_SCHOOLS} small schools`);
  await pool.query("ANALYZE");
  log(`analysed. Sign in as ${BENCH_ACCOUNTS.admin} or ${BENCH_ACCOUNTS.teacher}, password "${BENCH_PASSWORD}"`);
} finally {
  await pool.end();
  await db.$disconnect();
  await database.stop();
}
