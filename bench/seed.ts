// `pnpm bench:seed`: the bench database anew, migrated and filled with one big school (20,000 students in
// 600 sections, 1,500 staff, 80 subjects a period with 60-leaf concept trees, grades for three periods, a term of
// attendance) and 50 small schools beside it. Every value comes from fixed seeds, so every run makes the same data.
// `pnpm bench:seed -- attendance` adds only the attendance to the bench database there is, when it has none.
import { createDb, forTenant, type Db } from "@pizarra/db";
import { seedSchool, seedStaff, seedTenant } from "@pizarra/db/seed";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { concept, createConcepts, treeGrades, unit, type Node, type Tree } from "../packages/db/src/seed/grades.ts";
import { BENCH_ACCOUNTS, BENCH_PASSWORD, benchDatabase, BIG_SCHOOL } from "./config.ts";
import { seedBilling } from "./billing-seed.ts";
import { seedConversations } from "./conversations-seed.ts";
import { copyText, withoutIndexes } from "./copy.ts";

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
    // The number the bench's WhatsApp stand-in is told to send from (scripts/lib/outside.ts): its statuses come back
    // to the school that owns it.
    whatsappPhoneNumberId: "demo-number",
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
    cel: "+51900000001",
    memberships: [{ tenantId, groupIds: [groupIds.Dirección!] }],
  });
  const teacher = await seedStaff(db, {
    email: BENCH_ACCOUNTS.teacher,
    password: BENCH_PASSWORD,
    name: "Dora",
    last: "Docente",
    roleCode: 5,
    type: 5,
    cel: "+51900000002",
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

/** A term of attendance: the current period's first 60 school days, Monday to Friday. */
const TERM_DAYS = 60;
/** Days per INSERT of marks: one statement a school week, so that the progress shows. */
const MARK_CHUNK_DAYS = 5;
/** The bench school's attendance types (status 2 late, 3 absent), made when it has none; the first two notify. */
const ATTENDANCE_TYPES = [
  ["Tardanza", 2, true, 15],
  ["Falta", 3, true, 15],
  ["Tardanza justificada", 2, false, 0],
  ["Falta justificada", 3, false, 0],
] as const;
const ATTENDANCE_TABLES = ["AttendanceSession", "AttendanceMark", "Justification"];

/** Rows, heap and index sizes of the attendance tables (pg_table_size, pg_indexes_size, pg_total_relation_size). */
async function attendanceSizes(pool: pg.Pool): Promise<void> {
  const mb = (bytes: string) => `${(Number(bytes) / 1024 / 1024).toFixed(0)} MB`;
  for (const table of ATTENDANCE_TABLES) {
    const { rows } = await pool.query<{ n: string; heap: string; indexes: string; total: string }>(
      `SELECT (SELECT count(*) FROM "${table}") AS n, pg_table_size($1::regclass) AS heap, pg_indexes_size($1::regclass) AS indexes, pg_total_relation_size($1::regclass) AS total`,
      [`"${table}"`],
    );
    const r = rows[0]!;
    log(
      `  ${table.padEnd(18)} ${Number(r.n).toLocaleString("en").padStart(10)} rows  table ${mb(r.heap).padStart(7)}  indexes ${mb(r.indexes).padStart(7)}  total ${mb(r.total).padStart(7)}`,
    );
  }
}

/**
 * The big school's term of attendance, set-based in one transaction: every school day of the
 * term, the daily register of each section of the current period (taken by its tutor) and the register of each
 * subject that meets that day (three days of five: (part + day) % 5 < 3), about 6 million marks. A student is absent
 * 4 % of days, from every register of the day; late to the daily register 5 % of days and to a subject 2 % of its
 * lessons (fixed hashes of student, day and register, so every run makes the same marks). The term's last day is as
 * the office finds it mid-morning: one section in ten has not opened its daily register, one in ten has a quarter of
 * its students still pending, and the afternoon's subjects (odd part ids) are not opened yet. Sections with no tutor get
 * the teacher of their first subject. Skipped when the school has marks already.
 */
async function attendanceTerm(pool: pg.Pool): Promise<void> {
  const begun = Date.now();
  const { rows: schools } = await pool.query<{ id: number; from: string }>(
    `SELECT t.id, to_char(p."from", 'YYYY-MM-DD') AS "from" FROM "Tenant" t JOIN "Period" p ON p."tenantId" = t.id AND p.current WHERE t.alias = $1`,
    [BIG_SCHOOL],
  );
  const school = schools[0];
  if (!school) throw new Error("The bench database holds no big school: run `pnpm bench:seed` first.");
  const tenantId = school.id;
  if ((await pool.query(`SELECT 1 FROM "AttendanceMark" WHERE "tenantId" = $1 LIMIT 1`, [tenantId])).rowCount) {
    log("the big school has its term of attendance already: step skipped");
    await attendanceSizes(pool);
    return;
  }
  // Inside the full seed these were just bulk-loaded: without statistics the inserts below are planned for empty tables.
  await pool.query(`ANALYZE "Section", "SuperSection", "Period", "SectionMember", "ActivityPart"`);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // Registers opened on the screens before the term was written (they hold no marks) would clash with its own.
    await client.query(`DELETE FROM "AttendanceSession" WHERE "tenantId" = $1`, [tenantId]);
    // The bench teacher takes the registers of the subjects she teaches.
    await client.query(
      `INSERT INTO "ModuleAccess" ("tenantId", "groupId", "moduleId", "canRead", "canWrite")
       SELECT $1, g.id, 'admAttendanceControl', true, true FROM "UserGroup" g WHERE g."tenantId" = $1 AND g.name = 'Docentes'
       ON CONFLICT ("groupId", "moduleId") DO UPDATE SET "canRead" = true, "canWrite" = true`,
      [tenantId],
    );
    await client.query(
      `UPDATE "Section" s SET owner = first."masterId"
         FROM (SELECT DISTINCT ON (p."sectionId") p."sectionId", p."masterId" FROM "ActivityPart" p WHERE p."tenantId" = $1 AND p."masterId" IS NOT NULL ORDER BY p."sectionId", p.id) first
        WHERE s."tenantId" = $1 AND s.id = first."sectionId" AND s.owner IS NULL`,
      [tenantId],
    );
    await client.query(
      `INSERT INTO "AttendanceType" ("tenantId", name, type, notify, "notifyDelay", "updatedAt")
       SELECT $1, v.name, v.type, v.notify, v.delay, now() FROM unnest($2::text[], $3::int[], $4::bool[], $5::int[]) AS v(name, type, notify, delay)
        WHERE NOT EXISTS (SELECT 1 FROM "AttendanceType" WHERE "tenantId" = $1)`,
      [tenantId, ...[0, 1, 2, 3].map((k) => ATTENDANCE_TYPES.map((t) => t[k]))],
    );
    const { rows: types } = await client.query<{ late: number; absent: number }>(
      `SELECT min(id) FILTER (WHERE type = 2 AND notify) AS late, min(id) FILTER (WHERE type = 3 AND notify) AS absent FROM "AttendanceType" WHERE "tenantId" = $1`,
      [tenantId],
    );
    await client.query(
      `CREATE TEMP TABLE term_day ON COMMIT DROP AS
       SELECT d::date AS day, row_number() OVER (ORDER BY d)::int AS n
         FROM generate_series($1::date, $1::date + 7 * ($2::int / 5 + 1), interval '1 day') d
        WHERE extract(isodow FROM d) < 6 ORDER BY d LIMIT $2`,
      [school.from, TERM_DAYS],
    );
    await client.query(
      `CREATE TEMP TABLE term_section ON COMMIT DROP AS
       SELECT s.id, s.owner FROM "Section" s JOIN "SuperSection" g ON g."tenantId" = s."tenantId" AND g.id = s."superSectionId"
         JOIN "Period" p ON p."tenantId" = g."tenantId" AND p.id = g."periodId" WHERE s."tenantId" = $1 AND p.current`,
      [tenantId],
    );
    const { rows: span } = await client.query<{ first: string; last: string; sections: number; parts: number }>(
      `SELECT to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last, (SELECT count(*)::int FROM term_section) AS sections,
              (SELECT count(*)::int FROM "ActivityPart" p JOIN term_section s ON s.id = p."sectionId") AS parts FROM term_day`,
    );
    const { first, last, sections, parts } = span[0]!;
    log(`attendance: ${TERM_DAYS} school days ${first} to ${last}, ${sections} sections, ${parts} subject registers`);
    // Started at 07:50 local (UTC-5) for the daily register, a lesson hour from 08:00 for a subject.
    const { rowCount: sessions } = await client.query(
      `INSERT INTO "AttendanceSession" ("tenantId", day, scope, "sectionId", "partId", "masterId", "startedAt", "startedBy", "createdAt", "updatedAt")
       SELECT $1, day, scope, "sectionId", "partId", "masterId", at, "masterId", at, at FROM (
         SELECT d.day, d.n, 's:' || s.id AS scope, s.id AS "sectionId", NULL::int AS "partId", s.owner AS "masterId",
                d.day + time '12:50' + (s.id % 10) * interval '1 minute' AS at
           FROM term_day d CROSS JOIN term_section s WHERE NOT (d.n = $2 AND s.id % 10 = 0)
         UNION ALL
         SELECT d.day, d.n, 'p:' || p.id, p."sectionId", p.id, p."masterId", d.day + time '13:00' + ((p.id + d.n) % 6) * interval '1 hour'
           FROM term_day d JOIN "ActivityPart" p ON (p.id + d.n) % 5 < 3 JOIN term_section s ON s.id = p."sectionId"
          WHERE NOT (d.n = $2 AND p.id % 2 = 1)) r
        ORDER BY day, scope`,
      [tenantId, TERM_DAYS],
    );
    log(`${sessions!.toLocaleString("en")} registers`);
    let marks = 0;
    await withoutIndexes(client, "AttendanceMark", async () => {
      for (let from = 1; from <= TERM_DAYS; from += MARK_CHUNK_DAYS) {
        const { rowCount } = await client.query(
          `INSERT INTO "AttendanceMark" ("tenantId", "sessionId", "userId", status, "typeId", "markedAt", "markedBy", "updatedAt")
           SELECT $1, x.id, m."userId", st.status, CASE st.status WHEN 2 THEN $4::int WHEN 3 THEN $5::int END,
                  CASE WHEN st.status > 0 THEN x."startedAt" + interval '4 minutes' END, CASE WHEN st.status > 0 THEN x."masterId" END,
                  x."startedAt" + interval '4 minutes'
             FROM "AttendanceSession" x
             JOIN term_day d ON d.day = x.day
             JOIN "SectionMember" m ON m."tenantId" = x."tenantId" AND m."sectionId" = x."sectionId"
            CROSS JOIN LATERAL (SELECT hashint8(m."userId"::bigint * 1000 + d.n) & 1023 AS day_hash,
                                       hashint8(m."userId"::bigint * 1000000 + x.id) & 1023 AS own_hash) h
            CROSS JOIN LATERAL (SELECT CASE
                      WHEN d.n = $6 AND x."partId" IS NULL AND x."sectionId" % 10 = 1 AND h.own_hash < 256 THEN 0
                      WHEN h.day_hash < 41 THEN 3
                      WHEN x."partId" IS NULL AND h.day_hash < 92 THEN 2
                      WHEN x."partId" IS NOT NULL AND h.own_hash < 20 THEN 2
                      ELSE 1 END AS status) st
            WHERE x."tenantId" = $1 AND d.n BETWEEN $2 AND $3
            ORDER BY x.id, m."userId"`,
          [tenantId, from, Math.min(TERM_DAYS, from + MARK_CHUNK_DAYS - 1), types[0]!.late, types[0]!.absent, TERM_DAYS],
        );
        marks += rowCount!;
        log(`${marks.toLocaleString("en")} marks (school days ${from}-${Math.min(TERM_DAYS, from + MARK_CHUNK_DAYS - 1)} of ${TERM_DAYS})`);
      }
      log("building the marks' indexes and keys");
    });
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
  await pool.query(`ANALYZE "Section", ${ATTENDANCE_TABLES.map((t) => `"${t}"`).join(", ")}`);
  log(`attendance written in ${((Date.now() - begun) / 1000).toFixed(0)} s:`);
  await attendanceSizes(pool);
}

/** The year of conversations, timed. */
async function conversations(pool: pg.Pool, tenantId: number): Promise<void> {
  const begun = Date.now();
  const written = await seedConversations(pool, tenantId, log);
  if (written.conversations)
    log(
      `${written.conversations.toLocaleString("en")} conversations and ${written.messages.toLocaleString("en")} messages in ${((Date.now() - begun) / 1000).toFixed(0)} s`,
    );
}

/** The two years of pensions, timed. */
async function billing(pool: pg.Pool, tenantId: number): Promise<void> {
  const begun = Date.now();
  const written = await seedBilling(pool, tenantId, log);
  if (written.orders)
    log(`${written.orders.toLocaleString("en")} orders and ${written.payments.toLocaleString("en")} payments in ${((Date.now() - begun) / 1000).toFixed(0)} s`);
}

/**
 * `pnpm bench:seed -- attendance` adds only the term of attendance to the bench database there is, `-- conversations`
 * only its year of conversations, `-- billing` only its two years of pensions.
 */
const ONLY_ATTENDANCE = process.argv.slice(2).includes("attendance");
const ONLY_CONVERSATIONS = process.argv.slice(2).includes("conversations");
const ONLY_BILLING = process.argv.slice(2).includes("billing");
const database = await benchDatabase({ fresh: !ONLY_ATTENDANCE && !ONLY_CONVERSATIONS && !ONLY_BILLING });
const db = createDb(database.url, 4);
const pool = new pg.Pool({ connectionString: database.url, max: 3, options: "-c synchronous_commit=off -c maintenance_work_mem=512MB" });
// An idle connection that the database's stop closes at the end is no failure of the seed (pg asks for a listener).
pool.on("error", (error) => log(`seed pool: ${error.message}`));
try {
  if (ONLY_ATTENDANCE) {
    await attendanceTerm(pool);
  } else if (ONLY_CONVERSATIONS || ONLY_BILLING) {
    const { rows } = await pool.query<{ id: number }>(`SELECT id FROM "Tenant" WHERE alias = $1`, [BIG_SCHOOL]);
    if (!rows[0]) throw new Error("The bench database holds no big school: run `pnpm bench:seed` first.");
    if (ONLY_CONVERSATIONS) await conversations(pool, rows[0].id);
    else await billing(pool, rows[0].id);
  } else {
    const { tenantId, trees } = await bigSchool(db);
    const grades = await loadGrades(pool, tenantId, trees);
    log(`${grades.toLocaleString("en")} grades indexed`);
    await attendanceTerm(pool);
    await conversations(pool, tenantId);
    await billing(pool, tenantId);
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
  }
  log(
    `${ONLY_ATTENDANCE || ONLY_CONVERSATIONS || ONLY_BILLING ? "Done" : "Analysed"}. Sign in as ${BENCH_ACCOUNTS.admin} or ${BENCH_ACCOUNTS.teacher}, password "${BENCH_PASSWORD}"`,
  );
} finally {
  await pool.end();
  await db.$disconnect();
  await database.stop();
}
