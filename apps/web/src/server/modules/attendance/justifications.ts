import { randomBytes } from "node:crypto";
import {
  JUSTIFIABLE_STATUSES,
  JUSTIFICATION_DEFAULT_DAYS,
  JUSTIFICATION_FILE_MAX_BYTES,
  JUSTIFICATION_FILE_TYPES,
  JUSTIFICATION_KIND,
  JUSTIFICATION_MAX_DAYS,
  JUSTIFICATION_MODULE,
  JUSTIFICATION_STATUS,
  MARK_JUSTIFICATION,
  type TJustificationAnswer,
  type TJustificationCreatedAnswer,
  type TUploadAnswer,
  type TUpload,
  type TJustificationPageAnswer,
  type TJustificationQuery,
  type ZAbsence,
  type ZJustificationEdit,
  type ZJustificationReview,
} from "@pizarra/contracts";
import type { Prisma, TenantDb, TenantTx } from "@pizarra/db";
import type { z } from "zod";
import { AppError, fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { checkedFile, type FileRules, storeUpload } from "../../resource/upload.ts";
import { formatDate, parseDate } from "../../resource/values.ts";
import { fileUrl, storage } from "../../storage/storage.ts";
import { ensureRegisters, PLACE_SELECT, placeOf, type Scope, STUDENT, sectionLabel } from "./registers.ts";
import { queueReviewNotice } from "./review-notice.ts";
import { schoolToday } from "./school-day.ts";

type Db = TenantDb | TenantTx;
const DAY_MS = 86_400_000;

const addDays = (day: Date, days: number) => new Date(day.getTime() + days * DAY_MS);

/** The document's checks (002 §5: jpeg, jpg, png, pdf, doc, docx), shared by the office's upload and the family's link. */
export const DOC_RULES: FileRules = {
  field: "file",
  label: "attendanceApi.fields.file",
  allowed: JUSTIFICATION_FILE_TYPES,
  maxBytes: JUSTIFICATION_FILE_MAX_BYTES,
};

const SELECT = {
  id: true,
  userId: true,
  attendanceTypeId: true,
  kind: true,
  date: true,
  tillDate: true,
  sessionId: true,
  reason: true,
  comment: true,
  doc: true,
  docName: true,
  status: true,
  via: true,
  createdByName: true,
  createdByEmail: true,
  createdByPhone: true,
  type: { select: { name: true, notify: true } },
  marks: { select: { status: true }, distinct: ["status"] },
  student: {
    select: {
      name: true,
      last: true,
      last2: true,
      face: true,
      sections: { select: { section: { select: { name: true, superSection: { select: { name: true, period: { select: { from: true, to: true } } } } } } } },
    },
  },
  _count: { select: { marks: true } },
} as const satisfies Prisma.JustificationSelect;
type Row = Prisma.JustificationGetPayload<{ select: typeof SELECT }>;

async function sessionLabels(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const sessions = await db.attendanceSession.findMany({
    where: { id: { in: ids } },
    select: { id: true, ...PLACE_SELECT },
  });
  return new Map(sessions.map((s) => [s.id, placeOf(s)]));
}

/**
 * What accepting means to an office: the absence (or late arrival) is excused. The justification's own type when it
 * alerts nobody; else, when its marks are all of one status, the school's first type of that status that alerts nobody
 * ("Falta justificada"); else none, and the marks keep their types.
 */
function acceptAsOf(j: Row, excused: Map<number, number>): number | null {
  if (j.attendanceTypeId !== null && j.type && !j.type.notify) return j.attendanceTypeId;
  const [only, ...more] = j.marks.map((m) => m.status);
  return only !== undefined && more.length === 0 ? (excused.get(only) ?? null) : null;
}

function toCard(j: Row, labels: Map<number, string>, excused: Map<number, number>): TJustificationAnswer {
  // The student's section in the school year of the absence.
  const section = j.student.sections.find((m) => m.section.superSection.period.from <= j.date && m.section.superSection.period.to >= j.date)?.section;
  return {
    ID: j.id,
    userId: j.userId,
    name: j.student.name,
    last: j.student.last,
    last2: j.student.last2,
    face: fileUrl(j.student.face),
    sectionTag: sectionLabel(section),
    attendanceTypeId: j.attendanceTypeId,
    attendanceTypeName: j.type?.name ?? null,
    kind: j.kind as TJustificationAnswer["kind"],
    date: formatDate(j.date),
    tillDate: formatDate(j.tillDate),
    sessionId: j.sessionId,
    sessionLabel: j.sessionId !== null ? (labels.get(j.sessionId) ?? null) : null,
    justification: j.reason,
    comment: j.comment,
    doc: j.doc,
    docName: j.docName,
    docUrl: fileUrl(j.doc),
    status: j.status as TJustificationAnswer["status"],
    via: j.via === "link" ? "link" : "staff",
    createdByName: j.createdByName,
    createdByEmail: j.createdByEmail,
    createdByPhone: j.createdByPhone,
    marks: j._count.marks,
    acceptAs: acceptAsOf(j, excused),
  };
}

export async function cardsOf(db: Db, where: Prisma.JustificationWhereInput, take?: number): Promise<TJustificationAnswer[]> {
  const rows = await db.justification.findMany({ where, select: SELECT, orderBy: [{ date: "desc" }, { id: "desc" }], take });
  const [labels, types] = await Promise.all([
    sessionLabels(db, [...new Set(rows.map((r) => r.sessionId).filter((id): id is number => id !== null))]),
    db.attendanceType.findMany({ where: { notify: false }, orderBy: { id: "asc" }, select: { id: true, type: true } }),
  ]);
  const excused = new Map<number, number>();
  for (const type of types) if (!excused.has(type.type)) excused.set(type.type, type.id);
  return rows.map((r) => toCard(r, labels, excused));
}

async function cardOf(db: Db, id: number): Promise<TJustificationAnswer> {
  const [card] = await cardsOf(db, { id });
  if (!card) throw notFound();
  return card;
}

/** GET admJustification/get/ (002 §7): the justifications touching the days asked (the last six by default). */
export async function listJustifications(ctx: AuthedContext & { query: TJustificationQuery }): Promise<Reply<TJustificationPageAnswer>> {
  const q = ctx.query;
  const to = q.to ? parseDate(q.to) : schoolToday();
  const from = q.from ? parseDate(q.from) : addDays(to, -JUSTIFICATION_DEFAULT_DAYS);
  const inSection: Prisma.SectionWhereInput | null = q.sectionId ? { id: q.sectionId } : q.superSectionId ? { parentId: q.superSectionId } : null;
  const rows = await cardsOf(
    ctx.db,
    {
      date: { lte: to },
      tillDate: { gte: from },
      ...(q.type ? { kind: q.type } : {}),
      ...(q.justification ? { reason: q.justification } : {}),
      ...(q.justify ? { status: q.justify } : {}),
      ...(inSection ? { student: { sections: { some: { section: inSection } } } } : {}),
    },
    q.PageSize ?? 10_000,
  );
  return { data: { Results: rows, RowCount: rows.length, PageCount: 1 } };
}

/** GET admJustification/get/{id}. */
export async function getJustification(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<TJustificationAnswer>> {
  return { data: await cardOf(ctx.db, ctx.params.id) };
}

/** A closed period's attendance is read-only (001 §7), so a justification is refused like a mark: the same answer. */
const closedRefusal = () => new AppError(-403, "attendanceApi.closed", 403);

/**
 * Refuses a justification whose days reach into a closed period: what it says of their marks cannot change. Every
 * write that tells marks of a justification comes through applyToMarks (the office's, the family's link, an edit, a
 * review), and a delete checks here too.
 */
async function refuseClosedDays(db: Db, from: Date, to: Date): Promise<void> {
  if (await db.period.count({ where: { closed: true, from: { lte: to }, to: { gte: from } } })) throw closedRefusal();
}

/**
 * What a justification says of the marks it covers (the student's late and absent marks of its days, or of its one
 * register): received while pending, accepted (recorded as `typeId` when given), rejected when denied. Marks it covered
 * that fall outside it now (its days were shortened) go back to "not received".
 */
export async function applyToMarks(
  tx: TenantTx,
  j: { id: number; userId: number; kind: number; date: Date; tillDate: Date; sessionId: number | null; status: number },
  typeId?: number | null,
) {
  await refuseClosedDays(tx, j.date, j.tillDate);
  const covered: Prisma.AttendanceMarkWhereInput = {
    userId: j.userId,
    status: { in: [...JUSTIFIABLE_STATUSES] },
    session: j.kind === JUSTIFICATION_KIND.hours && j.sessionId !== null ? { id: j.sessionId } : { day: { gte: j.date, lte: j.tillDate } },
  };
  await tx.attendanceMark.updateMany({
    where: { justificationId: j.id, NOT: covered },
    data: { justification: MARK_JUSTIFICATION.notReceived, justificationId: null },
  });
  const state =
    j.status === JUSTIFICATION_STATUS.accepted
      ? MARK_JUSTIFICATION.accepted
      : j.status === JUSTIFICATION_STATUS.denied
        ? MARK_JUSTIFICATION.rejected
        : MARK_JUSTIFICATION.received;
  await tx.attendanceMark.updateMany({
    where: covered,
    data: { justification: state, justificationId: j.id, ...(typeId && state === MARK_JUSTIFICATION.accepted ? { typeId } : {}) },
  });
}

async function assertStudent(db: Db, ctx: AuthedContext, userId: number) {
  if (!(await db.user.count({ where: { id: userId, type: STUDENT } })))
    throw fieldRefusal("userId", ctx.t("validation.option", { attribute: ctx.t("attendanceApi.fields.userId") }));
}

async function assertType(db: Db, ctx: AuthedContext, typeId: number | null | undefined) {
  if (typeId && !(await db.attendanceType.count({ where: { id: typeId } })))
    throw fieldRefusal("attendanceTypeId", ctx.t("validation.option", { attribute: ctx.t("attendanceApi.fields.attendanceTypeId") }));
}

/**
 * A new justification with its document, if any, in one transaction: its marks are told first (which refuses a closed
 * period's days before any file is stored), then the file is stored under the new record's folder (so that deleting
 * the record finds it) and removed again if the transaction fails.
 */
export async function createJustification(
  db: TenantDb,
  data: Omit<Prisma.JustificationUncheckedCreateInput, "tenantId" | "doc">,
  file: { ext: string; bytes: Buffer } | null,
  tenantId: number,
  after: (tx: TenantTx, id: number) => Promise<void>,
): Promise<number> {
  let stored: string | null = null;
  try {
    return await db.$transaction(async (tx) => {
      const j = await tx.justification.create({
        data,
        select: { id: true, userId: true, kind: true, date: true, tillDate: true, sessionId: true, status: true },
      });
      await applyToMarks(tx, j);
      if (file) {
        stored = `t${tenantId}/admJustification/${j.id}/doc-${randomBytes(8).toString("hex")}.${file.ext}`;
        await storage().put(stored, file.bytes);
        await tx.justification.update({ where: { id: j.id }, data: { doc: stored } });
      }
      await after(tx, j.id);
      return j.id;
    });
  } catch (error) {
    if (stored) await storage().remove(stored);
    throw error;
  }
}

/**
 * The register of a day an "hours" justification names by its part (0: the daily register of the student's section
 * that day), made if nobody has opened it yet: the office names the class, not a register id it cannot list.
 */
async function registerOf(ctx: AuthedContext, userId: number, day: Date, partId: number): Promise<number> {
  const refuse = () => fieldRefusal("partId", ctx.t("validation.option", { attribute: ctx.t("attendanceApi.fields.partId") }));
  const [id] = await ensureRegisters(ctx, "date", day, async () => {
    const member = await ctx.db.sectionMember.findFirst({
      where: { userId, section: { superSection: { period: { from: { lte: day }, to: { gte: day } } } } },
      select: { sectionId: true, section: { select: { owner: true } } },
    });
    if (!member) throw refuse();
    const part = partId
      ? await ctx.db.activityPart.findFirst({ where: { id: partId, sectionId: member.sectionId }, select: { id: true, masterId: true } })
      : null;
    if (partId && !part) throw refuse();
    const scope: Scope = part
      ? { sectionId: member.sectionId, partId: part.id, groupId: null, masterId: part.masterId }
      : { sectionId: member.sectionId, partId: null, groupId: null, masterId: member.section.owner };
    return [scope];
  });
  // A closed period's day: no register is made there, and its marks could not change anyway.
  if (id === undefined) throw closedRefusal();
  return id;
}

/** POST attendance/absence (002 §7): the office's new justification, pending. */
export async function createAbsence(ctx: AuthedContext & { body: z.infer<typeof ZAbsence> }): Promise<Reply<TJustificationCreatedAnswer>> {
  const b = ctx.body;
  const date = parseDate(b.date);
  await assertStudent(ctx.db, ctx, b.userId);
  await assertType(ctx.db, ctx, b.attendanceTypeId);
  const sessionId = b.sessionId ?? (b.partId !== null && b.partId !== undefined ? await registerOf(ctx, b.userId, date, b.partId) : null);
  if (sessionId) {
    const session = await ctx.db.attendanceSession.findFirst({ where: { id: sessionId }, select: { day: true } });
    if (!session || session.day.getTime() !== date.getTime())
      throw fieldRefusal("sessionId", ctx.t("validation.option", { attribute: ctx.t("attendanceApi.fields.sessionId") }));
  }
  if (b.file && !b.fileType) throw fieldRefusal("fileType", ctx.t("validation.required", { attribute: ctx.t("attendanceApi.fields.fileType") }));
  const file = b.file && b.fileType ? checkedFile(ctx.t, DOC_RULES, `doc.${b.fileType}`, b.file) : null;
  const me = await ctx.db.user.findFirst({ where: { id: ctx.user.id }, select: { mail: true, cel: true } });
  const id = await createJustification(
    ctx.db,
    {
      userId: b.userId,
      attendanceTypeId: b.attendanceTypeId ?? null,
      kind: sessionId ? JUSTIFICATION_KIND.hours : b.numOfDay > 1 ? JUSTIFICATION_KIND.days : JUSTIFICATION_KIND.day,
      date,
      tillDate: addDays(date, b.numOfDay - 1),
      sessionId: sessionId ?? null,
      reason: b.reason,
      comment: b.note,
      docName: file ? `doc.${file.ext}` : null,
      via: "staff",
      createdBy: ctx.user.id,
      createdByName: ctx.user.name,
      createdByEmail: me?.mail ?? null,
      createdByPhone: me?.cel ?? null,
    },
    file,
    ctx.user.tenantId,
    (tx, newId) => audit(tx, ctx, JUSTIFICATION_MODULE, "create", newId),
  );
  return { data: { ID: id }, msgKey: "api.created" };
}

const COVER = { id: true, userId: true, kind: true, date: true, tillDate: true, sessionId: true, status: true, doc: true } as const;

/** POST admJustification/edit/{id} (002 §7): reason, comment, type, last day; `doc` empty removes the document. */
export async function editJustification(
  ctx: AuthedContext & { params: { id: number }; body: z.infer<typeof ZJustificationEdit> },
): Promise<Reply<TJustificationAnswer>> {
  const b = ctx.body;
  await assertType(ctx.db, ctx, b.attendanceTypeId);
  const removed = await ctx.db.$transaction(async (tx) => {
    const j = await tx.justification.findFirst({ where: { id: ctx.params.id }, select: COVER });
    if (!j) throw notFound();
    // The days it covered as well as those it will: shortening it changes the marks it leaves.
    await refuseClosedDays(tx, j.date, j.tillDate);
    const tillDate = b.tillDate ? parseDate(b.tillDate) : j.tillDate;
    if (tillDate < j.date || tillDate > addDays(j.date, JUSTIFICATION_MAX_DAYS - 1))
      throw fieldRefusal("tillDate", ctx.t("validation.date", { attribute: ctx.t("attendanceApi.fields.tillDate") }));
    const kind = j.kind === JUSTIFICATION_KIND.hours ? j.kind : tillDate > j.date ? JUSTIFICATION_KIND.days : JUSTIFICATION_KIND.day;
    const dropDoc = (b.doc === null || b.doc === "") && j.doc !== null;
    const saved = await tx.justification.update({
      where: { id: j.id },
      data: {
        comment: b.comment,
        reason: b.justification,
        ...(b.attendanceTypeId !== undefined ? { attendanceTypeId: b.attendanceTypeId } : {}),
        tillDate,
        kind,
        ...(dropDoc ? { doc: null, docName: null } : {}),
      },
      select: COVER,
    });
    await applyToMarks(tx, saved);
    await audit(tx, ctx, JUSTIFICATION_MODULE, "edit", j.id);
    return dropDoc ? j.doc : null;
  });
  if (removed)
    await storage()
      .remove(removed)
      .catch(() => {});
  return { data: await cardOf(ctx.db, ctx.params.id), msgKey: "api.updated" };
}

/** POST admJustification/delete/{id}: its marks go back to "not received", its document is removed. */
export async function deleteJustification(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<null>> {
  const doc = await ctx.db.$transaction(async (tx) => {
    const j = await tx.justification.findFirst({ where: { id: ctx.params.id }, select: { id: true, doc: true, date: true, tillDate: true } });
    if (!j) throw notFound();
    await refuseClosedDays(tx, j.date, j.tillDate);
    await tx.attendanceMark.updateMany({ where: { justificationId: j.id }, data: { justification: MARK_JUSTIFICATION.notReceived, justificationId: null } });
    await tx.justification.delete({ where: { id: j.id } });
    await audit(tx, ctx, JUSTIFICATION_MODULE, "delete", j.id);
    return j.doc;
  });
  if (doc)
    await storage()
      .remove(doc)
      .catch(() => {});
  return { data: null, msgKey: "api.deleted" };
}

/** POST admJustification/file?id= (002 §7): the document of a justification (jpeg, jpg, png, pdf, doc, docx). */
export async function uploadDoc(ctx: AuthedContext & { query: { id: number }; body: TUpload }): Promise<Reply<TUploadAnswer>> {
  const id = ctx.query.id;
  return storeUpload(
    ctx,
    {
      ...DOC_RULES,
      keyPrefix: `t${ctx.user.tenantId}/admJustification/${id}/doc`,
      module: JUSTIFICATION_MODULE,
      auditId: id,
      current: async () => {
        const j = await ctx.db.justification.findFirst({ where: { id }, select: { doc: true } });
        return j ? { previous: j.doc } : null;
      },
      save: async (tx, key) => {
        await tx.justification.update({ where: { id }, data: { doc: key, docName: ctx.body.name.slice(0, 200) } });
      },
    },
    ctx.body,
  );
}

/**
 * POST admAttendance/0/justifications/{id} (002 §7, §4): accept (2) or deny (-1), or back to pending (1). Accepting
 * records the covered marks as `typeId` when given; the screen offers the card's `acceptAs` by default.
 */
export async function reviewJustification(
  ctx: AuthedContext & { params: { id: number }; body: z.infer<typeof ZJustificationReview> },
): Promise<Reply<TJustificationAnswer>> {
  const { status, typeId } = ctx.body;
  await assertType(ctx.db, ctx, typeId);
  await ctx.db.$transaction(async (tx) => {
    const j = await tx.justification.findFirst({ where: { id: ctx.params.id }, select: COVER });
    if (!j) throw notFound();
    const pending = status === JUSTIFICATION_STATUS.pending;
    const saved = await tx.justification.update({
      where: { id: j.id },
      data: {
        status,
        reviewedBy: pending ? null : ctx.user.id,
        reviewedAt: pending ? null : new Date(),
        ...(typeId ? { attendanceTypeId: typeId } : {}),
      },
      select: { ...COVER, reviewedAt: true },
    });
    await applyToMarks(tx, saved, typeId);
    await audit(tx, ctx, JUSTIFICATION_MODULE, "edit", j.id);
    // The family hears of a decision, not of a click that left it as it was.
    if (j.status !== status) await queueReviewNotice(tx, saved);
  });
  const msgKey =
    status === JUSTIFICATION_STATUS.accepted ? "attendanceApi.accepted" : status === JUSTIFICATION_STATUS.denied ? "attendanceApi.denied" : "api.updated";
  return { data: await cardOf(ctx.db, ctx.params.id), msgKey };
}
