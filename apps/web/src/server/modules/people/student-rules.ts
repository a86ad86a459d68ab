import { PERSON_TYPE } from "@pizarra/contracts";
import { lockKey, type TenantTx } from "@pizarra/db";
import { AppError, notFound } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";

/**
 * A student is in at most one section per period: joining a section leaves the period's other sections. The student's
 * placements in the period take turns from here to the end of the transaction that writes the new membership, so two
 * sections taking the same student at once leave them in one. A transaction that places several students takes them
 * in ascending order (moveStudents), so that two never wait for each other crosswise.
 */
async function leaveOtherSections(tx: TenantTx, userId: number, sectionId: number): Promise<void> {
  const section = await tx.section.findFirst({ where: { id: sectionId }, select: { superSection: { select: { periodId: true } } } });
  if (!section) throw notFound();
  await lockKey(tx, "sectionPlacement", userId, section.superSection.periodId);
  await tx.sectionMember.deleteMany({
    where: { userId, sectionId: { not: sectionId }, section: { superSection: { periodId: section.superSection.periodId } } },
  });
}

/** Puts a student in a section, out of the period's other sections. */
export async function placeStudent(tx: TenantTx, userId: number, sectionId: number): Promise<void> {
  await leaveOtherSections(tx, userId, sectionId);
  await tx.sectionMember.upsert({ where: { sectionId_userId: { sectionId, userId } }, create: { sectionId, userId }, update: {} });
}

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
    await leaveOtherSections(tx, student.id, Number(data.sectionId));
  },
};
