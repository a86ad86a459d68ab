import { STAFF_PERSON_TYPES } from "@pizarra/contracts";
import { AppError } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";

/** A subject's teacher must be a teacher or staff member of this school. */
async function assertTeacher(tx: Parameters<NonNullable<ResourceRules["beforeSave"]>>[0], userId: unknown) {
  if (userId === null || userId === undefined) return;
  const teacher = await tx.user.findFirst({ where: { id: Number(userId), type: { in: [...STAFF_PERSON_TYPES] } }, select: { id: true } });
  if (!teacher) throw new AppError(-404, "api.notFound", 404);
}

export const subjectRules: ResourceRules = {
  async beforeSave(tx, data) {
    await assertTeacher(tx, data.owner);
    const grades = data.superSections as number[] | undefined;
    if (grades?.length) {
      const found = await tx.superSection.count({ where: { id: { in: grades } } });
      if (found !== new Set(grades).size) throw new AppError(-404, "api.notFound", 404);
    }
  },
};

export const activityPartRules: ResourceRules = {
  beforeSave: (tx, data) => assertTeacher(tx, data.masterId),
};

/** A grade's or section's tutor and coordinator are plain user ids, which no key keeps in the school: staff of this school only. */
export const staffOwnerRules: ResourceRules = {
  async beforeSave(tx, data) {
    await assertTeacher(tx, data.owner);
    await assertTeacher(tx, data.superowner);
  },
};
