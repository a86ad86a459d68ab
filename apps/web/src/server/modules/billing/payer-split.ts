import { PAYER_SPLIT_MAX, PAYER_SPLIT_TOTAL, PERSON_TYPE, payerLabelKey, type TPayerSplitBody, type TPayersAnswer } from "@pizarra/contracts";
import { lockKey, Prisma, type TenantDb, type TenantTx } from "@pizarra/db";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";
import { fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { fullName } from "../../resource/display.ts";

/**
 * Who pays a student's fees (001 §3 "Order": the order's principal): the payer guardian, the link with `pays` (else
 * the principal, then the first guardian: the order receipts name them in), or, where the school sets it, a split of
 * two guardians by whole percentages summing to 100 (PayerSplit). A split counts only while both its guardians' links
 * are open guardian links: one that ended or was restricted leaves the payer guardian owing it all again.
 */

type Decimal = Prisma.Decimal;
type Db = TenantDb | TenantTx;

/** The order of a student's guardian links in which the first is the payer guardian (as receipts name them). */
const PAYER_ORDER = [{ pays: "desc" }, { userKind: "asc" }, { relativeId: "asc" }] satisfies Prisma.KinshipOrderByWithRelationInput[];

/** The lock family links take per student (family/links.ts): a split and a link's change wait for each other. */
const SPLIT_LOCK = "family";
const FIELD = "payers";

export interface Payer {
  relativeId: number;
  name: string;
  percent: number;
}

const GUARDIANS_SELECT = {
  relativeId: true,
  studentId: true,
  split: { select: { percent: true } },
  relative: { select: { name: true, last: true, last2: true } },
} satisfies Prisma.KinshipSelect;
type GuardianLink = Prisma.KinshipGetPayload<{ select: typeof GUARDIANS_SELECT }>;

/** Each student's guardian links, payer first. */
async function guardianLinks(db: Db, studentIds: number[]): Promise<Map<number, GuardianLink[]>> {
  const links = await db.kinship.findMany({ where: { ...GUARDIAN_LINK, studentId: { in: studentIds } }, orderBy: PAYER_ORDER, select: GUARDIANS_SELECT });
  const byStudent = new Map<number, GuardianLink[]>();
  for (const link of links) byStudent.set(link.studentId, [...(byStudent.get(link.studentId) ?? []), link]);
  return byStudent;
}

/** The split in force among these links, largest share first (the first payer, who takes a remainder cent); null if none. */
function splitOf(links: GuardianLink[]): { relativeId: number; percent: number; link: GuardianLink }[] | null {
  const split = links
    .filter((l) => l.split)
    .map((l) => ({ relativeId: l.relativeId, percent: l.split!.percent, link: l }))
    .sort((a, b) => b.percent - a.percent || a.relativeId - b.relativeId);
  const sum = split.reduce((total, s) => total + s.percent, 0);
  return split.length === PAYER_SPLIT_MAX && sum === PAYER_SPLIT_TOTAL ? split : null;
}

/** Who pays each student's fees: the split's two guardians, or the payer guardian at 100; none when no guardian. */
export async function payersOf(db: Db, studentIds: number[], givenNamesFirst: boolean): Promise<Map<number, Payer[]>> {
  const links = await guardianLinks(db, studentIds);
  const payers = new Map<number, Payer[]>();
  for (const [studentId, list] of links) {
    const name = (l: GuardianLink) => fullName(l.relative, givenNamesFirst);
    const split = splitOf(list);
    payers.set(
      studentId,
      split
        ? split.map((s) => ({ relativeId: s.relativeId, name: name(s.link), percent: s.percent }))
        : [{ relativeId: list[0]!.relativeId, name: name(list[0]!), percent: 100 }],
    );
  }
  return payers;
}

/**
 * Each payer's share of what is owed, to the cent, adding up to it exactly: each share rounded down, what is left
 * (a cent or so) to the first payer (the largest share).
 */
export function sharesOf(owed: Decimal, payers: { percent: number }[]): Decimal[] {
  const shares = payers.map((p) => owed.mul(p.percent).div(PAYER_SPLIT_TOTAL).toDecimalPlaces(2, Prisma.Decimal.ROUND_DOWN));
  if (shares.length) shares[0] = owed.minus(shares.slice(1).reduce((sum, s) => sum.plus(s), new Prisma.Decimal(0)));
  return shares;
}

async function studentOf(db: Db, id: number): Promise<void> {
  const student = await db.user.findFirst({ where: { id, type: PERSON_TYPE.student }, select: { id: true } });
  if (!student) throw notFound();
}

/** The student's guardians, as the payer screen lists them. */
async function payersAnswer(db: Db, studentId: number, givenNamesFirst: boolean): Promise<TPayersAnswer> {
  const links = (await guardianLinks(db, [studentId])).get(studentId) ?? [];
  const split = splitOf(links);
  return {
    guardians: links.map((l, i) => ({
      ID: l.relativeId,
      name: fullName(l.relative, givenNamesFirst),
      payer: i === 0,
      percent: split?.find((s) => s.relativeId === l.relativeId)?.percent ?? null,
    })),
    split: split !== null,
  };
}

/** GET admBilling/payers/{id}: the student's guardians, the payer guardian first, with the split in force. */
export async function listPayers(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<TPayersAnswer>> {
  await studentOf(ctx.db, ctx.params.id);
  return { data: await payersAnswer(ctx.db, ctx.params.id, ctx.user.givenNamesFirst) };
}

const refuse = (ctx: AuthedContext, key: string, values: Record<string, unknown> = {}) =>
  fieldRefusal(FIELD, ctx.t(key, { attribute: ctx.t(payerLabelKey(FIELD)), ...values }));

/**
 * POST admBilling/payers/{id}: the student's split, replaced whole, or removed (no payers). Two of the student's
 * guardians, different, whose percentages sum to 100; anything else is refused naming the field and nothing is
 * written. Under the student's lock, so that two edits at once leave one split or the other, never a mix: the rows
 * are checked again after the write, in the same transaction, before it commits.
 */
export async function savePayers(ctx: AuthedContext & { params: { id: number }; body: TPayerSplitBody }): Promise<Reply<TPayersAnswer>> {
  const studentId = ctx.params.id;
  const { payers } = ctx.body;
  if (payers.length > PAYER_SPLIT_MAX) throw refuse(ctx, "billing.payer.atMost", { max: PAYER_SPLIT_MAX });
  if (new Set(payers.map((p) => p.relativeId)).size !== payers.length) throw refuse(ctx, "billing.payer.twice");
  const sum = payers.reduce((total, p) => total + p.percent, 0);
  if (payers.length && (payers.length !== PAYER_SPLIT_MAX || sum !== PAYER_SPLIT_TOTAL)) throw refuse(ctx, "billing.payer.sum", { total: PAYER_SPLIT_TOTAL });
  return ctx.db.$transaction(async (tx) => {
    await studentOf(tx, studentId);
    await lockKey(tx, SPLIT_LOCK, studentId);
    const ids = payers.map((p) => p.relativeId);
    const guardians = await tx.kinship.count({ where: { ...GUARDIAN_LINK, studentId, relativeId: { in: ids } } });
    if (guardians !== ids.length) throw refuse(ctx, "billing.payer.notGuardian");
    await tx.payerSplit.deleteMany({ where: { studentId } });
    if (payers.length) await tx.payerSplit.createMany({ data: payers.map((p) => ({ studentId, relativeId: p.relativeId, percent: p.percent })) });
    const written = await tx.payerSplit.aggregate({ where: { studentId }, _sum: { percent: true }, _count: { _all: true } });
    if (written._count._all && (written._count._all !== PAYER_SPLIT_MAX || written._sum.percent !== PAYER_SPLIT_TOTAL))
      throw refuse(ctx, "billing.payer.sum", { total: PAYER_SPLIT_TOTAL });
    await audit(tx, ctx, "admBilling", "edit", `payers/${studentId}`, { payers: payers.map((p) => `${p.relativeId}:${p.percent}`) });
    return { data: await payersAnswer(tx, studentId, ctx.user.givenNamesFirst), msgKey: "billing.payer.saved" };
  });
}
