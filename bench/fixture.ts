// The bench school's figures aim at one course-section: found once per run, shared by the bench (run.ts), its attendance
// calls and the trace of where a call's time goes (trace.ts).
import type pg from "pg";
import { BENCH_ACCOUNTS, BIG_SCHOOL } from "./config.ts";

/** The ids the calls aim at: the bench teacher's course-section of 40 students in the current period and its leaves. */
export async function fixture(pool: pg.Pool) {
  const tenant = await pool.query<{ id: number }>(`SELECT id FROM "Tenant" WHERE alias = $1`, [BIG_SCHOOL]);
  if (!tenant.rows[0]) throw new Error("The bench database holds no big school: run `pnpm bench:seed` first.");
  const tenantId = tenant.rows[0].id;
  const { rows: parts } = await pool.query<{ id: number; activityId: number; sectionId: number; periodId: number; teacherId: number }>(
    `SELECT p.id, p."activityId", p."sectionId", a."periodId", u.id AS "teacherId"
       FROM "ActivityPart" p JOIN "Activity" a ON a.id = p."activityId" JOIN "Period" per ON per."tenantId" = a."tenantId" AND per.id = a."periodId"
       JOIN "User" u ON u.id = p."masterId" JOIN "Account" acc ON acc.id = u."accountId"
      WHERE p."tenantId" = $1 AND per.current AND acc.email = $2 AND (SELECT count(*) FROM "SectionMember" m WHERE m."sectionId" = p."sectionId") = 40
      ORDER BY p.id LIMIT 1`,
    [tenantId, BENCH_ACCOUNTS.teacher],
  );
  const part = parts[0]!;
  const { rows: concepts } = await pool.query<{
    id: number;
    parentId: number | null;
    weightType: string;
    weight: number;
    calcAverage: boolean;
    locked: boolean;
  }>(
    `SELECT id, "parentId", "weightType", weight, "calcAverage", locked FROM "EvalConcept" WHERE "tenantId" = $1 AND "activityId" = $2 ORDER BY level, "order"`,
    [tenantId, part.activityId],
  );
  const { rows: students } = await pool.query<{ userId: number }>(`SELECT "userId" FROM "SectionMember" WHERE "sectionId" = $1 ORDER BY "userId"`, [
    part.sectionId,
  ]);
  return { tenantId, part, concepts, leaves: concepts.filter((c) => !c.calcAverage && !c.locked), students: students.map((s) => s.userId) };
}

export type Fixture = Awaited<ReturnType<typeof fixture>>;

/**
 * The bodies of a grade save of 40 cells, one leaf after another: each cell gets a value other than the one it holds
 * (read once, then followed), so that every call writes 40 grades and recomputes their averages, whatever earlier runs
 * left in the bench database.
 */
export async function gradeSaves(pool: pg.Pool, f: Fixture): Promise<() => { grades: { conceptId: number; studentId: number; gradeNum: number }[] }> {
  const { rows } = await pool.query<{ conceptId: number; studentId: number; gradeNum: number | null }>(
    `SELECT "conceptId", "studentId", "gradeNum" FROM "Grade" WHERE "tenantId" = $1 AND "conceptId" = ANY($2) AND "studentId" = ANY($3)`,
    [f.tenantId, f.leaves.map((l) => l.id), f.students],
  );
  const held = new Map(rows.map((r) => [`${r.conceptId}:${r.studentId}`, r.gradeNum]));
  let turn = 0;
  return () => {
    const conceptId = f.leaves[turn++ % f.leaves.length]!.id;
    return {
      grades: f.students.map((studentId) => {
        const gradeNum = ((held.get(`${conceptId}:${studentId}`) ?? 0) % 8) + 1;
        held.set(`${conceptId}:${studentId}`, gradeNum);
        return { conceptId, studentId, gradeNum };
      }),
    };
  };
}
