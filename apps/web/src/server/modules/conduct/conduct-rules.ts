import { ROLE, PERSON_TYPE, STAFF_PERSON_TYPES } from "@pizarra/contracts";
import type { TenantTx, TrackingModel as Tracking } from "@pizarra/db";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { channelReady } from "../../delivery/ledger.ts";
import { checkCodes } from "./catalogue-values.ts";
import { hasNotice, queueFamilyNotice } from "./notify-family.ts";
import { assertForwardRange, merged, refuse } from "../../resource/refuse.ts";

type Row = Record<string, unknown>;
/** The `type` of each conduct module's records (001 §3: tracking "behavior", type=commitment, type=journal). */
export const CONDUCT_TYPES = { admTracking: "tracking", admBehavior: "behavior", admCommitment: "commitment", admJournal: "journal" } as const;
export type ConductModule = keyof typeof CONDUCT_TYPES;

/** 001 §6: role 5 is a teacher, who records as themselves (and so keeps to their own records). */
export const isTeacher = (ctx: AuthedContext) => ctx.user.roleCode === ROLE.teacher;
/** 001 §6: roles 100 and 20 may notify parents in tracking. */
const mayNotify = (ctx: AuthedContext) => ctx.user.roleCode === ROLE.topAdmin || ctx.user.roleCode === ROLE.trackingNotifier;
/** A teacher changing what another person recorded. */
export const notYours = () => new AppError(-403, "conduct.notYours", 403);

const minute = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

/** The teacher in charge: a teacher is it themselves; anyone else names a member of staff. */
async function assignMaster(tx: TenantTx, ctx: AuthedContext, resource: string, data: Row, current: Tracking | null) {
  if (isTeacher(ctx)) {
    if (current && current.masterId !== ctx.user.id) throw notYours();
    data.masterId = ctx.user.id;
    return;
  }
  if (current && data.masterId === undefined) return;
  if (data.masterId === undefined || data.masterId === null) refuse(ctx, resource, "masterId", "validation.required");
  const staff = await tx.user.findFirst({ where: { id: Number(data.masterId), type: { in: [...STAFF_PERSON_TYPES] } }, select: { id: true } });
  if (!staff) refuse(ctx, resource, "masterId", "validation.option");
}

/** The grade is one of the period's, the section one of the grade's and the student one of the section's. */
async function checkPlacement(tx: TenantTx, ctx: AuthedContext, resource: string, data: Row, current: Tracking | null) {
  if (current && ["periodId", "superSectionId", "sectionId", "userId"].every((f) => data[f] === undefined)) return;
  const periodId = merged<number>(data, current, "periodId");
  const superSectionId = merged<number>(data, current, "superSectionId");
  const sectionId = merged<number>(data, current, "sectionId");
  const grade = await tx.superSection.findFirst({ where: { id: superSectionId, periodId }, select: { id: true } });
  if (!grade) refuse(ctx, resource, "superSectionId", "validation.option");
  const section = await tx.section.findFirst({ where: { id: sectionId, parentId: superSectionId }, select: { id: true } });
  if (!section) refuse(ctx, resource, "sectionId", "validation.option");
  const member = await tx.sectionMember.findFirst({
    where: { sectionId, userId: merged<number>(data, current, "userId"), user: { type: PERSON_TYPE.student } },
    select: { id: true },
  });
  if (!member) refuse(ctx, resource, "userId", "conduct.notInSection");
}

/** A date that closes a record (valid until, review on) is not before the record's own date. */
function checkDates(ctx: AuthedContext, data: Row, current: Tracking | null) {
  for (const field of ["dateTo", "dueDate"]) assertForwardRange(ctx, data, current, "dateFrom", field);
}

/**
 * Notifying the family (001 §6: roles 100 and 20 only): others keep what is stored. Without a notice there is no
 * notice date; a notice without a date goes now. A notice asked for on a server without e-mail is refused rather than
 * stored as if it would go.
 */
function checkNotice(ctx: AuthedContext, resource: string, data: Row, current: Tracking | null) {
  if (data.notify === undefined && data.notifOn === undefined) return;
  const time = (value: unknown) => (value instanceof Date ? value.getTime() : null);
  const changed =
    (data.notify !== undefined && data.notify !== (current?.notify ?? false)) || (data.notifOn !== undefined && time(data.notifOn) !== time(current?.notifOn));
  if (changed && !mayNotify(ctx)) refuse(ctx, resource, "notify", "conduct.notifyDenied");
  if (changed && merged<boolean>(data, current, "notify")) channelReady(ctx, "mail", "notify");
  if (!merged<boolean>(data, current, "notify")) data.notifOn = null;
  else if (!merged<Date | null>(data, current, "notifOn")) data.notifOn = minute(new Date());
}

/** The rules of one conduct module (001 §5, §6): who records, about whom, with which catalogue values, and who may notify. */
export function conductRules(module: ConductModule): ResourceRules {
  const type = CONDUCT_TYPES[module];
  return {
    async beforeSave(tx, data, ctx, id) {
      const current = id === null ? null : await tx.tracking.findFirst({ where: { id: Number(id), type } });
      if (id !== null && !current) throw notFound();
      await assignMaster(tx, ctx, module, data, current);
      await checkPlacement(tx, ctx, module, data, current);
      await checkCodes(tx, ctx, module, "values1", "trackingValues1", data, current?.values1 ?? []);
      await checkCodes(tx, ctx, module, "values2", "trackingValues2", data, current?.values2 ?? []);
      checkDates(ctx, data, current);
      checkNotice(ctx, module, data, current);
      if (!current) data.createdByName = ctx.user.name;
    },
    // The family's notice joins the ledger in the save's transaction: a refused save queues nothing.
    async afterSave(tx, id, _virtual, ctx) {
      if (hasNotice(type)) await queueFamilyNotice(tx, ctx, Number(id), type);
    },
    // A teacher deletes only what they recorded, as they edit only that.
    async beforeDelete(_tx, record, ctx) {
      if (isTeacher(ctx) && record.masterId !== ctx.user.id) throw notYours();
    },
  };
}
