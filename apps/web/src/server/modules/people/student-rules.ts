import type { Prisma } from "@pizarra/db";
import { AppError, notFound } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";

/** A student is in at most one section per period: joining a section leaves the period's other sections. */
async function leaveOtherSections(tx: Prisma.TransactionClient, userId: number, sectionId: number): Promise<void> {
  const section = await tx.section.findFirst({ where: { id: sectionId }, select: { superSection: { select: { periodId: true } } } });
  if (!section) throw notFound();
  await tx.sectionMember.deleteMany({
    where: { userId, sectionId: { not: sectionId }, section: { superSection: { periodId: section.superSection.periodId } } },
  });
}

/** Puts a student in a section, out of the period's other sections. */
export async function placeStudent(tx: Prisma.TransactionClient, userId: number, sectionId: number): Promise<void> {
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
    const student = await tx.user.findFirst({ where: { id: Number(data.userId), type: 2 }, select: { id: true } });
    if (!student) throw new AppError(-404, "api.notFound", 404);
    await leaveOtherSections(tx, student.id, Number(data.sectionId));
  },
};
