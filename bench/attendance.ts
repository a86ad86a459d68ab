// The attendance figures of `pnpm bench`, on the term of registers `pnpm bench:seed` writes:
// a teacher saving 40 marks of one register, the register's list, and the office's "who is missing" view of the
// 20,000-student school, each beside the hand-written SQL it stands for and its target.
import type pg from "pg";
import PgBoss from "pg-boss";
import type { Fixture } from "./fixture.ts";
import type { Scenario } from "./run.ts";

/** The alert queue of marks whose type notifies (apps/web/src/server/modules/attendance/alerts.ts, ATTENDANCE_ALERT). */
const ALERT_QUEUE = "attendance-alert";

/** pg-boss's own statements, on a client of the bench's (a transaction's, or the pool): the queue through its API. */
const queueOn = (client: pg.PoolClient | pg.Pool) => new PgBoss({ db: { executeSql: (text, values) => client.query(text, values) } });

/** Registers the saves go to: at 10 clients each client saves its own, as ten teachers at once would. */
const REGISTERS = 10;

interface Register {
  id: number;
  sectionId: number;
  day: string;
  students: number[];
}

/**
 * The registers the figures aim at: the bench teacher's 40-student subject register of the last day she took one, and
 * nine other 40-student subject registers of that day; and the term's last day, as the office finds it mid-morning.
 */
async function attendanceFixture(pool: pg.Pool, f: Fixture) {
  const { rows: own } = await pool.query<{ id: number; day: string; last: string }>(
    `SELECT x.id, to_char(x.day, 'YYYY-MM-DD') AS day, (SELECT to_char(max(day), 'YYYY-MM-DD') FROM "AttendanceSession" WHERE "tenantId" = $1) AS last
       FROM "AttendanceSession" x WHERE x."tenantId" = $1 AND x."partId" = $2 AND x."startedAt" IS NOT NULL ORDER BY x.day DESC LIMIT 1`,
    [f.tenantId, f.part.id],
  );
  if (!own[0]) return null;
  const { rows: registers } = await pool.query<Register>(
    `SELECT x.id, x."sectionId", to_char(x.day, 'YYYY-MM-DD') AS day, (SELECT array_agg(m."userId" ORDER BY m."userId") FROM "AttendanceMark" m WHERE m."sessionId" = x.id) AS students
       FROM "AttendanceSession" x
      WHERE x."tenantId" = $1 AND x.day = $2::date AND x."partId" IS NOT NULL AND x."startedAt" IS NOT NULL
        AND (x.id = $3 OR (SELECT count(*) FROM "SectionMember" m WHERE m."sectionId" = x."sectionId") = 40)
      ORDER BY x.id = $3 DESC, x.id LIMIT $4`,
    [f.tenantId, own[0].day, own[0].id, REGISTERS],
  );
  return { own: registers[0]!, registers, last: own[0].last };
}

/**
 * POST …/status by hand, in one transaction as the handler's: the register with its period and tutor, then one
 * statement that writes the marks (last write wins, keeping a mark's type and justification when its status stays, an
 * excuse already in attached to a new late or absent mark, the first type of each status recorded) and queues the
 * alert of each mark that became one of a notifying type; then the saved rows as the screen shows them.
 */
async function saveBySql(client: pg.PoolClient, f: Fixture, register: Register, statuses: number[]) {
  const { tenantId, part } = f;
  const { id: sessionId, students } = register;
  await client.query("BEGIN");
  try {
    const { rows } = await client.query<{ day: string; closed: boolean }>(
      `SELECT x.day, x."masterId", x."startedAt", s.owner, p.closed FROM "AttendanceSession" x
         JOIN "Section" s ON s.id = x."sectionId" JOIN "SuperSection" g ON g.id = s."superSectionId" JOIN "Period" p ON p."tenantId" = g."tenantId" AND p.id = g."periodId"
        WHERE x."tenantId" = $1 AND x.id = $2`,
      [tenantId, sessionId],
    );
    const alerts = await client.query<{ data: object; startAfter: Date }>(
      `WITH v AS (SELECT * FROM unnest($3::int[], $4::int[]) AS v("userId", status)),
            roster AS (SELECT v.* FROM v JOIN "SectionMember" m ON m."tenantId" = $1 AND m."sectionId" = $5 AND m."userId" = v."userId"),
            t AS (SELECT DISTINCT ON (type) type, id, notify, "notifyDelay" FROM "AttendanceType" WHERE "tenantId" = $1 ORDER BY type, id),
            prev AS (SELECT "userId", status, "typeId", justification, "justificationId" FROM "AttendanceMark" WHERE "sessionId" = $2 AND "userId" = ANY($3)),
            up AS (
              INSERT INTO "AttendanceMark" ("tenantId", "sessionId", "userId", status, "typeId", justification, "justificationId", "markedAt", "markedBy", "updatedAt")
              SELECT $1, $2, r."userId", r.status,
                     CASE WHEN prev.status = r.status THEN prev."typeId" WHEN j.status = 2 THEN coalesce(j."attendanceTypeId", t.id) ELSE t.id END,
                     CASE WHEN prev.status = r.status THEN prev.justification WHEN j.id IS NULL THEN 0 WHEN j.status = 2 THEN 2 ELSE 1 END,
                     CASE WHEN prev.status = r.status THEN prev."justificationId" ELSE j.id END,
                     now(), $6, now()
                FROM roster r LEFT JOIN prev ON prev."userId" = r."userId" LEFT JOIN t ON t.type = r.status
                LEFT JOIN LATERAL (SELECT id, status, "attendanceTypeId" FROM "Justification"
                                    WHERE r.status IN (2, 3) AND "tenantId" = $1 AND "userId" = r."userId" AND status IN (1, 2) AND date <= $7::date AND "tillDate" >= $7::date
                                      AND (kind <> 1 OR "sessionId" = $2) ORDER BY id DESC LIMIT 1) j ON true
              ON CONFLICT ("sessionId", "userId") DO UPDATE SET status = EXCLUDED.status, "typeId" = EXCLUDED."typeId", justification = EXCLUDED.justification,
                 "justificationId" = EXCLUDED."justificationId", "markedAt" = EXCLUDED."markedAt", "markedBy" = EXCLUDED."markedBy", "updatedAt" = EXCLUDED."updatedAt"
              WHERE "AttendanceMark"."tenantId" = $1
              RETURNING id, "userId", status, "typeId")
       SELECT jsonb_build_object('tenantId', $1::int, 'markId', up.id, 'status', up.status, 'typeId', up."typeId", 'markedAt', now()) AS data,
              now() + t."notifyDelay" * interval '1 minute' AS "startAfter"
         FROM up JOIN t ON t.id = up."typeId" AND t.notify LEFT JOIN prev ON prev."userId" = up."userId"
        WHERE prev.status IS DISTINCT FROM up.status OR prev."typeId" IS DISTINCT FROM up."typeId"`,
      [tenantId, sessionId, students, statuses, register.sectionId, part.teacherId, rows[0]!.day],
    );
    await queueOn(client).insert(alerts.rows.map((alert) => ({ name: ALERT_QUEUE, ...alert })));
    await client.query(
      `SELECT u.id, u.name, u.last, u.last2, u.face, a.status, a.comment, a.justification, a."typeId", t.name AS "typeName"
         FROM "AttendanceMark" a JOIN "User" u ON u.id = a."userId" LEFT JOIN "AttendanceType" t ON t.id = a."typeId"
        WHERE a."tenantId" = $1 AND a."sessionId" = $2 AND a."userId" = ANY($3) ORDER BY u.last, u.last2, u.name, u.id`,
      [tenantId, sessionId, students],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/** A register as the lists show it (registersById): names, teacher and the count of marks at each status. */
const REGISTER_SQL = `
  SELECT x.id, x.day, x."sectionId", x."partId", x."groupId", x."masterId", x."startedAt", g.name || ' ' || s.name AS "sectionName", a.name AS "subjectName",
         concat_ws(' ', m.name, m.last, m.last2) AS "masterName", c.counts,
         CASE WHEN x."startedAt" IS NULL THEN (SELECT count(*) FROM "SectionMember" sm JOIN "User" su ON su.id = sm."userId"
                                                WHERE sm."sectionId" = x."sectionId" AND su.type = 2 AND NOT su.inactive) END AS roster
    FROM "AttendanceSession" x
    LEFT JOIN "Section" s ON s.id = x."sectionId" LEFT JOIN "SuperSection" g ON g.id = s."superSectionId"
    LEFT JOIN "ActivityPart" ap ON ap.id = x."partId" LEFT JOIN "Activity" a ON a.id = ap."activityId"
    LEFT JOIN "User" m ON m.id = x."masterId"
    CROSS JOIN LATERAL (SELECT array[count(*) FILTER (WHERE status = 0), count(*) FILTER (WHERE status = 1), count(*) FILTER (WHERE status = 2),
                                     count(*) FILTER (WHERE status = 3)] AS counts FROM "AttendanceMark" WHERE "sessionId" = x.id) c`;

/** GET …/sessions/{id}/list by hand: the register, its period (closed or not), and its rows in surname order. */
async function listBySql(client: pg.PoolClient, f: Fixture, sessionId: number) {
  await client.query(
    `SELECT x.id, p.closed, s.owner FROM "AttendanceSession" x JOIN "Section" s ON s.id = x."sectionId" JOIN "SuperSection" g ON g.id = s."superSectionId"
       JOIN "Period" p ON p."tenantId" = g."tenantId" AND p.id = g."periodId" WHERE x."tenantId" = $1 AND x.id = $2`,
    [f.tenantId, sessionId],
  );
  await client.query(`${REGISTER_SQL} WHERE x."tenantId" = $1 AND x.id = $2`, [f.tenantId, sessionId]);
  await client.query(
    `SELECT u.id, u.name, u.last, u.last2, u.face, a.status, a.comment, a.justification, a."typeId", t.name AS "typeName"
       FROM "User" u LEFT JOIN "AttendanceMark" a ON a."sessionId" = $2 AND a."userId" = u.id LEFT JOIN "AttendanceType" t ON t.id = a."typeId"
      WHERE u."tenantId" = $1 AND (a.id IS NOT NULL OR (u.type = 2 AND NOT u.inactive AND EXISTS (SELECT 1 FROM "SectionMember" m WHERE m."userId" = u.id AND m."sectionId" = $3)))
      ORDER BY u.last, u.last2, u.name, u.id`,
    [f.tenantId, sessionId, f.part.sectionId],
  );
}

/**
 * GET admAttendance/missing by hand: every section's daily register of the day made if missing; the registers not
 * started (daily) or with students pending; the students late or absent that day, each once by their latest mark.
 */
async function missingBySql(client: pg.PoolClient, f: Fixture, day: string) {
  await client.query(
    `INSERT INTO "AttendanceSession" ("tenantId", day, scope, "sectionId", "masterId", "updatedAt")
     SELECT $1, $2::date, 's:' || s.id, s.id, s.owner, now() FROM "Section" s JOIN "SuperSection" g ON g.id = s."superSectionId"
       JOIN "Period" p ON p."tenantId" = g."tenantId" AND p.id = g."periodId" WHERE s."tenantId" = $1 AND p."from" <= $2::date AND p."to" >= $2::date
     ON CONFLICT ("tenantId", day, scope) DO NOTHING`,
    [f.tenantId, day],
  );
  await client.query(`${REGISTER_SQL} WHERE x."tenantId" = $1 AND x.day = $2::date AND ((x."startedAt" IS NULL AND x.scope LIKE 's:%') OR c.counts[1] > 0)`, [
    f.tenantId,
    day,
  ]);
  await client.query(
    `SELECT DISTINCT ON (a."userId") a."userId", u.name, u.last, u.last2, g.name || ' ' || s.name AS "sectionName", a.status, a.justification, a."markedAt"
       FROM "AttendanceSession" x JOIN "AttendanceMark" a ON a."sessionId" = x.id JOIN "User" u ON u.id = a."userId"
       JOIN "Section" s ON s.id = x."sectionId" JOIN "SuperSection" g ON g.id = s."superSectionId"
      WHERE x."tenantId" = $1 AND x.day = $2::date AND a.status IN (2, 3)
      ORDER BY a."userId", a."markedAt" DESC`,
    [f.tenantId, day],
  );
}

/**
 * The attendance calls of `pnpm bench`, or none (with a note) when the bench database has no attendance yet. The saves
 * are the bench admin's (role 100 may mark any register; the check costs what the register teacher's does), going
 * round ten registers of one day so that ten clients write ten registers, as ten teachers do, and not one register's
 * rows in turn. Each call marks two students late and two absent, the others present, moving by one student each time
 * in that register: every call changes eight marks and queues alerts for four (their types notify), as a teacher's
 * corrections do. The alerts are deleted afterwards: no worker runs here, and the sending figure's worker must not find
 * them. The list and "who is missing" are read as the bench teacher and the admin.
 */
export async function attendanceScenarios(pool: pg.Pool, f: Fixture, tokens: { admin: string; teacher: string }): Promise<Scenario[]> {
  const fixture = await attendanceFixture(pool, f);
  if (!fixture) {
    console.log("No attendance in the bench database: its figures are skipped (`pnpm bench:seed -- attendance` adds it).");
    return [];
  }
  const { own, registers, last } = fixture;
  const turns = registers.map(() => 0);
  const statuses = (r: number) => {
    const n = turns[r]!++;
    return registers[r]!.students.map((_, i) => (i % 20 === n % 20 ? 2 : (i + 10) % 20 === n % 20 ? 3 : 1));
  };
  let next = 0;
  return [
    {
      name: "POST admAttendance/…/status (40)",
      token: tokens.admin,
      clients: [1, 10],
      targets: { 1: 30, 10: 150 },
      request: {
        method: "POST",
        path: `admAttendance/session/${own.id}/status`,
        next: () => {
          const r = next++ % registers.length;
          const s = statuses(r);
          return { path: `admAttendance/session/${registers[r]!.id}/status`, body: registers[r]!.students.map((userId, i) => ({ userId, status: s[i] })) };
        },
      },
      sql: (client, worker) => saveBySql(client, f, registers[worker % registers.length]!, statuses(worker % registers.length)),
      cleanup: async (p) => {
        await queueOn(p).purgeQueue(ALERT_QUEUE);
      },
    },
    {
      name: "GET admAttendance/…/list (40)",
      token: tokens.teacher,
      // A target p95 at one client; a bound on the ratio to its SQL at each.
      targets: { 1: 25 },
      ratioTarget: 1.5,
      request: { method: "GET", path: `admAttendance/${f.part.id}/sessions/${own.id}/list` },
      sql: (client) => listBySql(client, f, own.id),
    },
    {
      name: `GET admAttendance/missing (${last})`,
      token: tokens.admin,
      clients: [1],
      targets: { 1: 200 },
      request: { method: "GET", path: `admAttendance/missing?dt=${last}` },
      sql: (client) => missingBySql(client, f, last),
    },
  ];
}
