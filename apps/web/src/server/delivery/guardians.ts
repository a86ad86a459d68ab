import { LINK_KIND, PERSON_TYPE } from "@pizarra/contracts";
import type { Prisma, TenantDb, TenantTx } from "@pizarra/db";
import { CHANNELS, type ChannelName } from "../channels/channel.ts";

/**
 * Who a message may go to, read in one place for every sender (notifications, flow reminders, absence alerts, tracking
 * and behaviour notices, the directory's e-mail, fallbacks) and again when it is written to the ledger and when it is
 * sent:
 * - activity: the person is living and active; a student's family is told only about a student who is still active;
 * - the family link (Kinship, 002 §3 "Relative"): it has not ended, it is a guardian's (principal 0 or another 1; an
 *   external contact, 3, is listed for emergencies and pick-ups, never written to), no custody or contact restriction
 *   bars it (contactRights), and it receives messages;
 * - opt-out: the channels the person asked not to be written on (ChannelOptOut) are not theirs.
 */
export const GUARDIAN_KINDS: number[] = [LINK_KIND.principal, LINK_KIND.guardian];

const ACTIVE = { inactive: false, rip: false } satisfies Prisma.UserWhereInput;

/**
 * A family link through which the school may speak of the student with the relative at all: open, a guardian's, with
 * contact rights. Staff lists name these guardians as the family (the directory's rel1/rel2, an order's principal) and
 * a meeting about the student is booked with them; a restricted guardian never sees or hears of the child through us.
 */
export const GUARDIAN_LINK = { endedAt: null, userKind: { in: GUARDIAN_KINDS }, contactRights: true } satisfies Prisma.KinshipWhereInput;

/** A family link that lets the school tell its guardian about one of these students: a guardian link that takes messages. */
const toldAbout = (students: Prisma.UserWhereInput): Prisma.KinshipWhereInput => ({
  ...GUARDIAN_LINK,
  messages: true,
  student: { AND: [{ inactive: false }, students] },
});

export type Who =
  /** People as themselves (staff, students, a group's members). */
  | { people: Prisma.UserWhereInput }
  /** The guardians of these students (of those among `people`, when given) who may be told about one of them. */
  | { familyOf: Prisma.UserWhereInput; people?: Prisma.UserWhereInput };

/** What a message to a person needs. */
export interface Recipient {
  id: number;
  type: number;
  name: string;
  last: string | null;
  last2: string | null;
  mail: string | null;
  cel: string | null;
  locale: string | null;
  language: string | null;
  /** How many of their browsers take push. */
  devices: number;
  /** A guardian's first child of those the message is about, or the student themself. */
  student: string | null;
  /** A guardian written to as family (`familyOf`): that child's id, whose link the ledger checks again when it sends. */
  aboutId: number | null;
  /** The channels they may be written on: all but those they opted out of. */
  channels: ChannelName[];
}

function whereOf(who: Who): Prisma.UserWhereInput {
  if (!("familyOf" in who)) return { AND: [ACTIVE, who.people] };
  return { AND: [ACTIVE, who.people ?? {}, { dependants: { some: toldAbout(who.familyOf) } }] };
}

/** The guardians who may be told about these students now (a family's signed link answers for them alone). */
export const familyWhere = (students: Prisma.UserWhereInput): Prisma.UserWhereInput => whereOf({ familyOf: students });

/** The people a message may go to now, of those it is for, each once, in id order. */
export async function readRecipients(db: TenantDb | TenantTx, who: Who): Promise<Recipient[]> {
  const about = toldAbout("familyOf" in who ? who.familyOf : {});
  const users = await db.user.findMany({
    where: whereOf(who),
    orderBy: { id: "asc" },
    select: {
      id: true,
      type: true,
      name: true,
      last: true,
      last2: true,
      mail: true,
      cel: true,
      locale: true,
      language: true,
      dependants: { where: about, take: 1, orderBy: { studentId: "asc" }, select: { studentId: true, student: { select: { name: true } } } },
      channelOptOuts: { select: { channel: true } },
      _count: { select: { pushSubscriptions: true } },
    },
  });
  return users.map(({ dependants, channelOptOuts, _count, ...user }) => {
    const out = new Set(channelOptOuts.map((o) => o.channel));
    return {
      ...user,
      devices: _count.pushSubscriptions,
      student: user.type === PERSON_TYPE.student ? user.name : (dependants[0]?.student.name ?? null),
      aboutId: "familyOf" in who && user.type !== PERSON_TYPE.student ? (dependants[0]?.studentId ?? null) : null,
      channels: CHANNELS.filter((c) => !out.has(c)),
    };
  });
}

/**
 * Which (guardian, student) pairs a family link still lets the school tell about now (`${relativeId}:${studentId}`):
 * a family's message written before its link ended, lost its contact rights or stopped taking messages is not sent.
 */
export async function stillToldAbout(db: TenantDb | TenantTx, pairs: { userId: number; aboutId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const links = await db.kinship.findMany({
    where: { relativeId: { in: [...new Set(pairs.map((p) => p.userId))] }, studentId: { in: [...new Set(pairs.map((p) => p.aboutId))] }, ...toldAbout({}) },
    select: { relativeId: true, studentId: true },
  });
  return new Set(links.map((l) => `${l.relativeId}:${l.studentId}`));
}

/** A family's rows (with the student they are about) and the pairs stillToldAbout is asked about. */
export const aboutPairs = (rows: { userId: number | null; aboutId?: number | null }[]) =>
  rows.flatMap((r) => (r.userId !== null && r.aboutId != null ? [{ userId: r.userId, aboutId: r.aboutId }] : []));

/** Each recipient's open channels by person: what a message already written may still use (`${userId}:${channel}`). */
export async function openChannels(db: TenantDb | TenantTx, userIds: number[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const people = await readRecipients(db, { people: { id: { in: userIds } } });
  return new Set(people.flatMap((p) => p.channels.map((c) => `${p.id}:${c}`)));
}
