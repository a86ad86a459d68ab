import { LINK_KIND, PERSON_TYPE, type TFamilyImportStage } from "@pizarra/contracts";
import type { Report } from "./progress.ts";
import { insertRows, type TenantTx } from "@pizarra/db";
import { placeStudents } from "../people/index.ts";
import type { Plan } from "./plan.ts";
import { documentKey } from "./read.ts";

/** A new student's columns, each row naming all of them (insertRows takes rows of one shape). */
const STUDENT_COLUMNS = ["type", "status", "enrolled", "externalId", "name", "last", "last2", "gender", "mail", "documenttype", "documentnumber"];
const dayOf = (date: unknown) => (date instanceof Date ? date.toISOString().slice(0, 10) : null);

/** Rows a statement writes at once: the bounded size of one statement's parameters and of what it answers. */
const CHUNK = 500;

async function inChunks<T>(rows: T[], stage: TFamilyImportStage, report: Report, write: (chunk: T[]) => Promise<void>): Promise<void> {
  report(stage, 0, rows.length);
  for (let i = 0; i < rows.length; i += CHUNK) {
    await write(rows.slice(i, i + CHUNK));
    report(stage, Math.min(i + CHUNK, rows.length), rows.length);
  }
}

/**
 * Writes a plan that found no problem, set by set: new students, then guardians, then links, each chunk in one
 * statement (insertRows: Prisma's createMany builds a statement whose cost grows with its rows), the few changed rows
 * one by one, then the section places through the student rules (one section per period). Runs inside the import's
 * one transaction, so anything refused leaves nothing behind.
 */
export async function writePlan(tx: TenantTx, plan: Plan, report: Report): Promise<void> {
  const now = new Date().toISOString();
  const fresh = plan.students.filter((s) => s.existingId === null);
  const changed = plan.students.filter((s) => s.existingId !== null && Object.keys(s.data).length > 0);
  for (const s of plan.students) if (s.existingId !== null) s.id = s.existingId;
  await inChunks([...fresh, ...changed], "students", report, async (chunk) => {
    const create = chunk.filter((s) => s.existingId === null);
    const rows = await insertRows(
      tx,
      "User",
      create.map(({ data }) => ({ ...Object.fromEntries(STUDENT_COLUMNS.map((c) => [c, data[c] ?? null])), birthday: dayOf(data.birthday), updatedAt: now })),
      { returning: ["id", "externalId"] },
    );
    const ids = new Map(rows.map((r) => [String(r.externalId).trim().toLowerCase(), Number(r.id)]));
    for (const s of create) s.id = ids.get(s.codeKey)!;
    for (const s of chunk) if (s.existingId !== null) await tx.user.update({ where: { id: s.existingId }, data: s.data });
  });

  const newGuardians = plan.guardians.filter((g) => g.existingId === null);
  for (const g of plan.guardians) if (g.existingId !== null) g.id = g.existingId;
  await inChunks(newGuardians, "guardians", report, async (chunk) => {
    const rows = await insertRows(
      tx,
      "User",
      chunk.map(({ cells, cel }) => ({
        type: PERSON_TYPE.relative,
        userKind: cells.principal ? LINK_KIND.principal : LINK_KIND.guardian,
        name: cells.name,
        last: cells.last,
        documenttype: cells.documenttype ?? null,
        documentnumber: cells.documentnumber ?? null,
        cel,
        mail: cells.mail ?? null,
        updatedAt: now,
      })),
      { returning: ["id", "documentnumber", "cel"] },
    );
    // Each new guardian of the plan has its own document, else its own phone.
    const ids = new Map(rows.map((r) => [r.documentnumber ? `d:${documentKey(String(r.documentnumber))}` : `c:${r.cel}`, Number(r.id)]));
    for (const g of chunk) g.id = ids.get(g.docKey ? `d:${g.docKey}` : `c:${g.cel}`)!;
  });

  // A principal guardian who stops being one is written first: the partial unique index holds one per student.
  const links = [...plan.links].sort((a, b) => Number(a.userKind === LINK_KIND.principal) - Number(b.userKind === LINK_KIND.principal));
  await inChunks(links, "links", report, async (chunk) => {
    const row = (l: (typeof chunk)[number]) => ({ userKind: l.userKind, relation: l.relation, pays: l.pays, pickup: l.pickup, endedAt: null });
    for (const l of chunk.filter((x) => x.existing))
      await tx.kinship.update({ where: { studentId_relativeId: { studentId: l.student.id!, relativeId: l.guardian.id! } }, data: row(l) });
    const create = chunk.filter((x) => !x.existing);
    await insertRows(
      tx,
      "Kinship",
      create.map((l) => ({ studentId: l.student.id!, relativeId: l.guardian.id!, ...row(l) })),
    );
  });

  const placements = plan.students.filter((s) => s.sectionId !== null).map((s) => ({ userId: s.id!, sectionId: s.sectionId! }));
  await inChunks(placements, "sections", report, (chunk) => placeStudents(tx, chunk));
}
