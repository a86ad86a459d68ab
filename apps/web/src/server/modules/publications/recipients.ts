import type { Prisma } from "@pizarra/db";
import type { Recipient } from "./render.ts";

type Tx = Prisma.TransactionClient;

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

const active = { inactive: false } as const;

/** Teachers who teach a subject in, or tutor, one of the sections. */
async function teachersOf(tx: Tx, sectionIds: number[]): Promise<number[]> {
  const parts = await tx.activityPart.findMany({ where: { sectionId: { in: sectionIds } }, select: { masterId: true } });
  const tutors = await tx.section.findMany({ where: { id: { in: sectionIds } }, select: { owner: true } });
  return [...parts.map((p) => p.masterId), ...tutors.map((s) => s.owner)].filter((id): id is number => id !== null);
}

async function whereOf(tx: Tx, a: Audience): Promise<Prisma.UserWhereInput> {
  // Specific numbers are imported into a group (admUser/importAttach), so both wizard targets are a group's members.
  if (a.recipientType !== null) return { ...active, memberships: { some: { groupId: a.groupId ?? -1 } } };
  const students: Prisma.UserWhereInput =
    a.filterBy === "sections"
      ? { type: 2, ...active, sections: { some: { sectionId: { in: a.sectionIds } } } }
      : a.filterBy === "dependants"
        ? { type: 2, ...active, id: { in: a.userIds } }
        : { type: 2, ...active };
  if (a.sendTo === SEND_TO.children) return students;
  if (a.sendTo === SEND_TO.guardians) {
    return a.filterBy === "principals"
      ? { type: 1, ...active, id: { in: a.principalUserIds } }
      : { type: 1, ...active, dependants: { some: { student: students } } };
  }
  if (a.filterBy === null) return { type: 5, ...active };
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
  return { type: { in: [4, 5] }, ...active, id: { in: await teachersOf(tx, sectionIds) } };
}

/** The people a notification reaches now (active users, each once), with what a message to them needs. */
export async function recipientsOf(tx: Tx, audience: Audience): Promise<Recipient[]> {
  return recipientsWhere(tx, await whereOf(tx, audience));
}

/** The people who match, with what a message to them needs (their first child's name for a guardian). */
export async function recipientsWhere(tx: Tx, where: Prisma.UserWhereInput): Promise<Recipient[]> {
  const users = await tx.user.findMany({
    where,
    orderBy: { id: "asc" },
    select: {
      id: true,
      type: true,
      name: true,
      last: true,
      mail: true,
      cel: true,
      locale: true,
      language: true,
      dependants: { take: 1, orderBy: { studentId: "asc" }, select: { student: { select: { name: true } } } },
    },
  });
  return users.map(({ dependants, type, ...user }) => ({ ...user, student: type === 2 ? user.name : (dependants[0]?.student.name ?? null) }));
}

/** How many people a notification would reach now: active users, each once. */
export async function recipientCount(tx: Tx, audience: Audience): Promise<number> {
  return tx.user.count({ where: await whereOf(tx, audience) });
}
