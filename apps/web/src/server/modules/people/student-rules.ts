import { PERSON_TYPE } from "@pizarra/contracts";
import { insertRows, lockKeys, type TenantTx } from "@pizarra/db";
import { AppError, notFound } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";

/**
 * A student is in at most one section per period: joining a section leaves the period's other sections. The student's
 * placements in the period take turns from here to the end of the transaction that writes the new membership, so two
 * sections taking the same student at once leave them in one. The locks of several students are taken in one
 * statement, in sorted order (lockKeys), so that two transactions placing several never wait for each other crosswise.
 */
async function leaveOtherSections(tx: TenantTx, placements: readonly Placement[]): Promise<void> {
  const sectionIds = [...new Set(placements.map((p) => p.sectionId))];
  const sections = await tx.section.findMany({ where: { id: { in: sectionIds } }, select: { id: true, superSection: { select: { periodId: true } } } });
  const periodOf = new Map(sections.map((s) => [s.id, s.superSection.periodId]));
  if (sectionIds.some((id) => !periodOf.has(id))) throw notFound();
  await lockKeys(
    tx,
    "sectionPlacement",
    placements.map((p) => [p.userId, periodOf.get(p.sectionId)!]),
  );
  const bySection = new Map<number, Placement[]>();
  for (const p of placements) {
    if (!bySection.has(p.sectionId)) bySection.set(p.sectionId, []);
    bySection.get(p.sectionId)!.push(p);
  }
  await tx.sectionMember.deleteMany({
    where: {
      OR: [...bySection].map(([sectionId, members]) => ({
        userId: { in: members.map((m) => m.userId) },
        sectionId: { not: sectionId },
        section: { superSection: { periodId: periodOf.get(sectionId)! } },
      })),
    },
  });
}

type Placement = { userId: number; sectionId: number };

/** Puts students in sections (each out of the period's other sections), in a few statements whatever their number. */
export async function placeStudents(tx: TenantTx, placements: readonly Placement[]): Promise<void> {
  if (placements.length === 0) return;
  await leaveOtherSections(tx, placements);
  await insertRows(
    tx,
    "SectionMember",
    placements.map(({ userId, sectionId }) => ({ userId, sectionId })),
    { on: ["sectionId", "userId"], update: [], returning: ["id"] },
  );
}

/** Puts a student in a section, out of the period's other sections. */
export const placeStudent = (tx: TenantTx, userId: number, sectionId: number): Promise<void> => placeStudents(tx, [{ userId, sectionId }]);

export const studentRules: ResourceRules = {
  async afterSave(tx, id, virtual) {
    if (typeof virtual.sectionId === "number") await placeStudent(tx, Number(id), virtual.sectionId);
  },
};

/** admSectionMembers: only a student of this school, who then leaves their other section of the period. */
export const sectionMemberRules: ResourceRules = {
  async beforeSave(tx, data) {
    const student = await tx.user.findFirst({ where: { id: Number(data.userId), type: PERSON_TYPE.student }, select: { id: true } });
    if (!student) throw new AppError(-404, "api.notFound", 404);
    await leaveOtherSections(tx, [{ userId: student.id, sectionId: Number(data.sectionId) }]);
  },
};
