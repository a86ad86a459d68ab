import { PERSON_TYPE, STAFF_PERSON_TYPES } from "@pizarra/contracts";
import type { Prisma, TenantTx } from "@pizarra/db";
import { type Recipient, readRecipients, type Who } from "../../delivery/guardians.ts";

/** Who a notification is for (002 §3): sendTo narrowed by filterBy, or the wizard's group. */
export interface Audience {
  sendTo: number;
  filterBy: string | null;
  sectionIds: number[];
  userIds: number[];
  principalUserIds: number[];
  recipientType: number | null;
  groupId: number | null;
}

export const SEND_TO = { guardians: 0, children: 2, teachers: 4 } as const;

/** Teachers who teach a subject in, or tutor, one of the sections. */
async function teachersOf(tx: TenantTx, sectionIds: number[]): Promise<number[]> {
  const parts = await tx.activityPart.findMany({ where: { sectionId: { in: sectionIds } }, select: { masterId: true } });
  const tutors = await tx.section.findMany({ where: { id: { in: sectionIds } }, select: { owner: true } });
  return [...parts.map((p) => p.masterId), ...tutors.map((s) => s.owner)].filter((id): id is number => id !== null);
}

/** Who the notification is for, as the one reading of recipients takes it (delivery/guardians.ts). */
async function audienceOf(tx: TenantTx, a: Audience): Promise<Who> {
  // Specific numbers are imported into a group (admUser/importAttach), so both wizard targets are a group's members.
  if (a.recipientType !== null) return { people: { memberships: { some: { groupId: a.groupId ?? -1 } } } };
  const students: Prisma.UserWhereInput =
    a.filterBy === "sections"
      ? { type: PERSON_TYPE.student, sections: { some: { sectionId: { in: a.sectionIds } } } }
      : a.filterBy === "dependants"
        ? { type: PERSON_TYPE.student, id: { in: a.userIds } }
        : { type: PERSON_TYPE.student };
  if (a.sendTo === SEND_TO.children) return { people: students };
  if (a.sendTo === SEND_TO.guardians) {
    // Guardians chosen by name are told as the family of some student still active.
    return a.filterBy === "principals"
      ? { familyOf: { type: PERSON_TYPE.student }, people: { type: PERSON_TYPE.relative, id: { in: a.principalUserIds } } }
      : { familyOf: students, people: { type: PERSON_TYPE.relative } };
  }
  if (a.filterBy === null) return { people: { type: PERSON_TYPE.teacher } };
  // The chosen children's teachers are those of their sections this period.
  const sectionIds =
    a.filterBy === "sections"
      ? a.sectionIds
      : (
          await tx.sectionMember.findMany({
            where: { userId: { in: a.userIds }, section: { superSection: { period: { current: true } } } },
            select: { sectionId: true },
          })
        ).map((m) => m.sectionId);
  return { people: { type: { in: [...STAFF_PERSON_TYPES] }, id: { in: await teachersOf(tx, sectionIds) } } };
}

/** The people a notification reaches now (of those among `only`, when given), each once, with what a message needs. */
export async function recipientsOf(tx: TenantTx, audience: Audience, only?: Prisma.UserWhereInput): Promise<Recipient[]> {
  const who = await audienceOf(tx, audience);
  return readRecipients(tx, only ? { ...who, people: { AND: [who.people ?? {}, only] } } : who);
}
