import {
  familyLabelKey,
  LINK_KIND,
  NEW_RELATIVE_FIELD_NAMES,
  PERSON_TYPE,
  type TFamilyLinkExisting,
  type TFamilyLinkFlags,
  type TFamilyLinkNew,
  type ZFamilyLinkRow,
  type ZFamilyLinksAnswer,
} from "@pizarra/contracts";
import type { z } from "zod";
import { lockKey, Prisma, type TenantTx } from "@pizarra/db";
import { fieldRefusal, forbidden, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { fullName } from "../../resource/display.ts";
import type { ServedResources } from "../../resource/served-resources.ts";

/** The module that answers for a student's links (the front door); a new relative is admRelatives' record as well. */
export const STUDENT_MODULE = "admStudent";
const RELATIVES = "admRelatives";

type TFamilyLinkRow = z.input<typeof ZFamilyLinkRow>;
type Ctx<P, B = unknown> = AuthedContext & { params: P; body: B };

/** Refuses one of a link's fields with `key`, its :attribute the field's label. */
function refuse(ctx: AuthedContext, field: string, key: string): never {
  throw fieldRefusal(field, ctx.t(key, { attribute: ctx.t(familyLabelKey(field)) }));
}

const LINK_SELECT = {
  relativeId: true,
  userKind: true,
  relation: true,
  pays: true,
  pickup: true,
  messages: true,
  contactRights: true,
  restriction: true,
  endedAt: true,
  relative: { select: { name: true, last: true, last2: true, externalId: true, documentnumber: true, cel: true, mail: true } },
} satisfies Prisma.KinshipSelect;
type LinkRow = Prisma.KinshipGetPayload<{ select: typeof LINK_SELECT }>;

function rowOf(link: LinkRow, givenNamesFirst: boolean): TFamilyLinkRow {
  const { relative: r, ...flags } = link;
  return { ...flags, name: fullName(r, givenNamesFirst), externalId: r.externalId, document: r.documentnumber, cel: r.cel, mail: r.mail };
}

/** The student, of this school (the tenant-scoped client reads no other), or 404. */
async function studentOf(tx: TenantTx | AuthedContext["db"], id: number): Promise<void> {
  const student = await tx.user.findFirst({ where: { id, type: PERSON_TYPE.student }, select: { id: true } });
  if (!student) throw notFound();
}

/** GET admStudent/family/{id}: every link, open ones first (principal, guardians, contacts), then those that ended. */
export async function listLinks(ctx: Ctx<{ id: number }>): Promise<Reply<z.input<typeof ZFamilyLinksAnswer>>> {
  await studentOf(ctx.db, ctx.params.id);
  const links = await ctx.db.kinship.findMany({
    where: { studentId: ctx.params.id },
    orderBy: [{ endedAt: { sort: "desc", nulls: "first" } }, { userKind: "asc" }, { relativeId: "asc" }],
    select: LINK_SELECT,
  });
  const Results = links.map((l) => rowOf(l, ctx.user.givenNamesFirst));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

/** What a link stores of the flags: a note of restriction only while contact is restricted. */
const stored = (flags: TFamilyLinkFlags) => ({
  userKind: flags.userKind,
  relation: flags.relation ?? null,
  pays: flags.pays,
  pickup: flags.pickup,
  messages: flags.messages,
  contactRights: flags.contactRights,
  restriction: flags.contactRights ? null : (flags.restriction ?? null),
});

/**
 * One student's links change one at a time (an advisory lock on the student), so that making a relative principal
 * demotes the one before (to guardian) in the same transaction; the partial unique index Kinship_one_principal is the
 * database's own guard, and a write that still meets it (another writer that took no lock) gets the same clear message.
 */
async function writeLink(ctx: AuthedContext, tx: TenantTx, studentId: number, relativeId: number, flags: TFamilyLinkFlags, reopen: boolean) {
  await lockKey(tx, "family", studentId);
  if (flags.userKind === LINK_KIND.principal)
    await tx.kinship.updateMany({
      where: { studentId, userKind: LINK_KIND.principal, endedAt: null, NOT: { relativeId } },
      data: { userKind: LINK_KIND.guardian },
    });
  const data = { ...stored(flags), ...(reopen ? { endedAt: null } : {}) };
  try {
    return await tx.kinship.upsert({
      where: { studentId_relativeId: { studentId, relativeId } },
      create: { studentId, relativeId, ...data },
      update: data,
      select: LINK_SELECT,
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw principalTaken(ctx);
    throw error;
  }
}

const principalTaken = (ctx: AuthedContext) => fieldRefusal("userKind", ctx.t("family.principalTaken"));

/** The id of a link's record in the audit trail: the student and the relative. */
const linkRecord = (studentId: number, relativeId: number) => `${studentId}/${relativeId}`;

/**
 * POST admStudent/family/{id}/link: a link to a relative of this school. A link that ended is opened again with the
 * new flags (its history is the row's own); an open one is refused: it is changed through edit.
 */
export async function addExisting(ctx: Ctx<{ id: number }, TFamilyLinkExisting>): Promise<Reply<TFamilyLinkRow>> {
  // The relative is picked from admRelatives' list: reaching its records needs its read right, as the list does.
  if (!ctx.user.access.get(RELATIVES)?.read) throw forbidden(RELATIVES);
  const { id: studentId } = ctx.params;
  const { relativeId, ...flags } = ctx.body;
  const link = await ctx.db.$transaction(async (tx) => {
    await studentOf(tx, studentId);
    const relative = await tx.user.findFirst({ where: { id: relativeId, type: PERSON_TYPE.relative }, select: { id: true } });
    if (!relative) refuse(ctx, "relativeId", "validation.option");
    const before = await tx.kinship.findFirst({ where: { studentId, relativeId }, select: { endedAt: true } });
    if (before && before.endedAt === null) refuse(ctx, "relativeId", "family.alreadyLinked");
    const saved = await writeLink(ctx, tx, studentId, relativeId, flags, true);
    await audit(tx, ctx, STUDENT_MODULE, before ? "edit" : "create", linkRecord(studentId, relativeId));
    return saved;
  });
  return { data: rowOf(link, ctx.user.givenNamesFirst), msgKey: "family.linked" };
}

/**
 * POST admStudent/family/{id}/new: a new relative, written by admRelatives' own writer (its rules: required fields,
 * the mobile in E.164, unique codes, the audit line), and their link, in one transaction: both or neither. The
 * relative's own kind (002 §3 userKind) is the link's.
 */
export const addNew =
  (served: ServedResources) =>
  async (ctx: Ctx<{ id: number }, TFamilyLinkNew>): Promise<Reply<TFamilyLinkRow>> => {
    // The stricter right where two modules reach one record: a new relative is admRelatives' to create.
    if (!ctx.user.access.get(RELATIVES)?.write) throw forbidden(RELATIVES);
    const { id: studentId } = ctx.params;
    const writer = served.writerOf(RELATIVES);
    const person = Object.fromEntries(NEW_RELATIVE_FIELD_NAMES.map((f) => [f, ctx.body[f]]));
    const prepared = writer.prepare(ctx, { ...person, userKind: ctx.body.userKind }, undefined);
    const link = await ctx.db.$transaction(async (tx) => {
      await studentOf(tx, studentId);
      const relativeId = (await writer.write(tx, ctx, prepared)) as number;
      const saved = await writeLink(ctx, tx, studentId, relativeId, ctx.body, false);
      await audit(tx, ctx, STUDENT_MODULE, "create", linkRecord(studentId, relativeId));
      return saved;
    });
    return { data: rowOf(link, ctx.user.givenNamesFirst), msgKey: "family.linked" };
  };

/** POST admStudent/family/{id}/edit/{relativeId}: an open link's kind, kinship and flags. An ended link stays as it ended. */
export async function editLink(ctx: Ctx<{ id: number; relativeId: number }, TFamilyLinkFlags>): Promise<Reply<TFamilyLinkRow>> {
  const { id: studentId, relativeId } = ctx.params;
  const link = await ctx.db.$transaction(async (tx) => {
    const before = await tx.kinship.findFirst({
      where: { studentId, relativeId, endedAt: null, student: { type: PERSON_TYPE.student } },
      select: { relativeId: true },
    });
    if (!before) throw notFound();
    const saved = await writeLink(ctx, tx, studentId, relativeId, ctx.body, false);
    await audit(tx, ctx, STUDENT_MODULE, "edit", linkRecord(studentId, relativeId));
    return saved;
  });
  return { data: rowOf(link, ctx.user.givenNamesFirst), msgKey: "api.saved" };
}

/**
 * POST admStudent/family/{id}/end/{relativeId}: the link ends now and is kept (002 §3: the family's history stays
 * readable); from then on it counts for nothing (delivery/guardians.ts). Ending one that already ended changes nothing.
 */
export async function endLink(ctx: Ctx<{ id: number; relativeId: number }>): Promise<Reply<TFamilyLinkRow>> {
  const { id: studentId, relativeId } = ctx.params;
  const link = await ctx.db.$transaction(async (tx) => {
    await lockKey(tx, "family", studentId);
    const where = { studentId, relativeId, student: { type: PERSON_TYPE.student } };
    const { count } = await tx.kinship.updateMany({ where: { ...where, endedAt: null }, data: { endedAt: new Date() } });
    const saved = await tx.kinship.findFirst({ where, select: LINK_SELECT });
    if (!saved) throw notFound();
    if (count > 0) await audit(tx, ctx, STUDENT_MODULE, "edit", linkRecord(studentId, relativeId));
    return saved;
  });
  return { data: rowOf(link, ctx.user.givenNamesFirst), msgKey: "family.ended" };
}
