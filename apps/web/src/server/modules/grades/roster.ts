import { PERSON_TYPE } from "@pizarra/contracts";
import type { Prisma, TenantDb } from "@pizarra/db";
import { fullName } from "../../resource/display.ts";

/**
 * Whose rows: the students of a section, of a grade (every section of a super section), or the members of a student
 * group (001 §3 "Group", staff=false).
 */
export type RosterOf =
  | { sectionId: number; groupId?: undefined; superSectionId?: undefined }
  | { groupId: number; sectionId?: undefined; superSectionId?: undefined }
  | { superSectionId: number; sectionId?: undefined; groupId?: undefined };

/** What every roster reads of a student: enough to name them surname first. */
const NAMED = { id: true, name: true, last: true, last2: true } as const;
type Named = Prisma.UserGetPayload<{ select: typeof NAMED }>;
/** A student of a roster: named, with what `extra` selected. */
export type RosterRow<S extends Prisma.UserSelect> = Named & Prisma.UserGetPayload<{ select: S }>;

function membersOf(of: RosterOf): Prisma.UserWhereInput {
  if (of.groupId) return { memberships: { some: { groupId: of.groupId, group: { staff: false } } } };
  if (of.superSectionId) return { sections: { some: { section: { parentId: of.superSectionId } } } };
  return { sections: { some: { sectionId: of.sectionId } } };
}

/**
 * The active students of a section (or of a grade, or of a student group), surname first as `fullName` reads,
 * namesakes by id, in one query: the one roster of the grade sheet, the grade import and the report cards, so that
 * they always list the same students in the same order. `extra` selects more of each student (their photo, their
 * codes, their sections).
 */
export async function sectionRoster<S extends Prisma.UserSelect>(db: TenantDb, of: RosterOf, extra: S): Promise<RosterRow<S>[]> {
  const students = (await db.user.findMany({
    where: { type: PERSON_TYPE.student, inactive: false, ...membersOf(of) },
    orderBy: { id: "asc" },
    select: { ...extra, ...NAMED },
  })) as unknown as RosterRow<S>[];
  return students.sort((a, b) => fullName(a).localeCompare(fullName(b), "es"));
}
