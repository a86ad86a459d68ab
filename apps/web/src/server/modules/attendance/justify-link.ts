import {
  ATTENDANCE_STATUS,
  JUSTIFICATION_KIND,
  JUSTIFICATION_STATUS,
  type TJustificationCreatedAnswer,
  type TJustifyLinkAnswer,
  type TJustifyLinkSent,
  type ZJustifyLinkSave,
} from "@pizarra/contracts";
import { forTenant, Prisma, type TenantDb } from "@pizarra/db";
import type { z } from "zod";
import { familyWhere } from "../../delivery/guardians.ts";
import { AppError } from "../../http/app-error.ts";
import { log } from "../../log.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { checkedFile } from "../../resource/upload.ts";
import { parseDate } from "../../resource/values.ts";
import { fileUrl } from "../../storage/storage.ts";
import { createJustification, DOC_RULES } from "./justifications.ts";
import { type JustifyClaims, verifyJustifyLink } from "./link-token.ts";
import { PLACE_SELECT, placeOf } from "./registers.ts";
import { nameAs, schoolStyle } from "./school-style.ts";

/**
 * The family's page behind an attendance alert: no account, only the signed link, which works for its
 * school, its student and its days alone. A link that is not genuine is refused and logged; nothing is read or stored.
 */
async function claimsOf(ctx: BaseContext & { params: { token: string } }) {
  const claims = await verifyJustifyLink(ctx.params.token);
  if (claims === "expired") throw new AppError(-410, "attendanceApi.link.expired", 410);
  if (!claims) {
    log().info({ address: ctx.address }, "justification link refused: tampered or malformed");
    throw new AppError(-401, "attendanceApi.link.invalid", 401);
  }
  const tenant = await ctx.system.tenant.findFirst({ where: { id: claims.tenantId }, select: { id: true } });
  if (!tenant) throw new AppError(-401, "attendanceApi.link.invalid", 401);
  const db = forTenant(ctx.system, claims.tenantId);
  // Whoever may no longer be told about the student (deactivated, the link ended or restricted, messages turned off, an
  // external contact) neither reads nor answers for them through a link they were sent before.
  const guardian = await db.user.findFirst({
    where: { AND: [{ id: claims.guardianId }, familyWhere({ id: claims.studentId })] },
    select: { name: true, last: true, last2: true, mail: true, cel: true },
  });
  if (!guardian) throw new AppError(-401, "attendanceApi.link.invalid", 401);
  return { claims, db, guardian };
}

/**
 * What the family already sent for the student's days: the latest justification through any guardian's link (one
 * guardian's answer is the family's; the other's link shows it rather than an empty form).
 */
const familySent = (db: TenantDb, c: JustifyClaims) =>
  db.justification.findFirst({
    where: { userId: c.studentId, via: "link", date: parseDate(c.from) },
    orderBy: { id: "desc" },
    select: { id: true, status: true, reason: true, createdBy: true },
  });

/** GET justify/{token}: whose late arrival or absence, which days, the school as its pages show it, and what was sent. */
export async function showLink(ctx: BaseContext & { params: { token: string } }): Promise<Reply<TJustifyLinkAnswer>> {
  const { claims, db } = await claimsOf(ctx);
  const [school, style, student, session, sent] = await Promise.all([
    db.tenant.findUniqueOrThrow({ where: { id: claims.tenantId }, select: { logo: true, themeColor: true } }),
    schoolStyle(db, claims.tenantId),
    db.user.findFirst({ where: { id: claims.studentId }, select: { name: true, last: true, last2: true } }),
    claims.sessionId
      ? db.attendanceSession.findFirst({
          where: { id: claims.sessionId },
          select: { ...PLACE_SELECT, marks: { where: { userId: claims.studentId }, select: { status: true } } },
        })
      : null,
    familySent(db, claims),
  ]);
  if (!student) throw new AppError(-401, "attendanceApi.link.invalid", 401);
  const status = session?.marks[0]?.status;
  return {
    data: {
      school: style.title,
      student: nameAs(style, student),
      from: claims.from,
      to: claims.to,
      about: session ? placeOf(session) : null,
      mark: status === ATTENDANCE_STATUS.late || status === ATTENDANCE_STATUS.absent ? status : null,
      logo: fileUrl(school.logo),
      color: school.themeColor,
      sent: sent ? { ID: sent.id, status: sent.status as TJustifyLinkSent["status"], reason: sent.reason, mine: sent.createdBy === claims.guardianId } : null,
    },
  };
}

const alreadySent = (mine: boolean) => new AppError(-409, mine ? "attendanceApi.link.alreadySent" : "attendanceApi.link.otherSent", 409);

/**
 * POST justify/{token}: the family's reason, note and document land as a pending justification of those days in the
 * office's list. One per family (whichever guardian's link sends it) while it is pending or accepted; after a denial
 * the family may send another. The database holds that rule (the partial unique index Justification_link_once): the
 * check before is only the early, cheap answer, and a post that raced another past it is refused when its row is written.
 */
export async function sendThroughLink(
  ctx: BaseContext & { params: { token: string }; body: z.infer<typeof ZJustifyLinkSave> },
): Promise<Reply<TJustificationCreatedAnswer>> {
  const { claims, db, guardian } = await claimsOf(ctx);
  const previous = await familySent(db, claims);
  if (previous && previous.status !== JUSTIFICATION_STATUS.denied) throw alreadySent(previous.createdBy === claims.guardianId);
  const file = ctx.body.file ? checkedFile(ctx.t, DOC_RULES, ctx.body.file.name, ctx.body.file.data) : null;
  const from = parseDate(claims.from);
  const to = parseDate(claims.to);
  let id: number;
  try {
    id = await createJustification(
      db,
      {
        userId: claims.studentId,
        kind: to > from ? JUSTIFICATION_KIND.days : JUSTIFICATION_KIND.day,
        date: from,
        tillDate: to,
        sessionId: null,
        reason: ctx.body.reason,
        comment: ctx.body.note,
        docName: ctx.body.file ? ctx.body.file.name.slice(0, 200) : null,
        via: "link",
        createdBy: claims.guardianId,
        createdByName: fullName(guardian),
        createdByEmail: guardian.mail,
        createdByPhone: guardian.cel,
      },
      file,
      claims.tenantId,
      async () => {},
    );
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw alreadySent((await familySent(db, claims))?.createdBy === claims.guardianId);
    throw error;
  }
  return { data: { ID: id }, msgKey: "attendanceApi.link.sent" };
}
