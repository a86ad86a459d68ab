import { RECORD_ID_MAX, PERSON_TYPE, type TBookingConfirmAnswer, type TBookingParams } from "@pizarra/contracts";
import { type BookingModel, lockKey, type TenantTx } from "@pizarra/db";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { CONDUCT_TYPES, isTeacher, notYours } from "./conduct-rules.ts";
import { merged, refuse } from "../../resource/refuse.ts";

type Row = Record<string, unknown>;
type Current = BookingModel & { resource: { userId: number | null } };

const RESOURCE = "admBookingList";
/** 001 §4: 0 Separada, 1 Confirmada, 2 Completada. */
const RESERVED = 0;
const CONFIRMED = 1;
const COMPLETED = 2;

/**
 * The resource booked: a teacher books their own agenda and needs one (001 §5, §8 'Antes de registrar una cita debe
 * de registrar al profesor como un recurso.'); anyone else names an active resource.
 */
async function chooseResource(tx: TenantTx, ctx: AuthedContext, data: Row, current: Current | null): Promise<{ id: number; duration: number }> {
  if (isTeacher(ctx)) {
    if (current && current.resource.userId !== ctx.user.id) throw notYours();
    const own = await tx.bookingResource.findFirst({ where: { userId: ctx.user.id, inactive: false }, select: { id: true, duration: true } });
    if (!own) refuse(ctx, RESOURCE, "resourceId", "conduct.teacherResource");
    data.resourceId = own.id;
    return own;
  }
  if (data.resourceId === null || (!current && data.resourceId === undefined)) refuse(ctx, RESOURCE, "resourceId", "validation.required");
  const id = merged<number>(data, current, "resourceId");
  // A resource switched off takes no new appointments; those it has keep it.
  const stays = current !== null && id === current.resourceId;
  const resource = await tx.bookingResource.findFirst({ where: { id, ...(stays ? {} : { inactive: false }) }, select: { id: true, duration: true } });
  if (!resource) refuse(ctx, RESOURCE, "resourceId", "validation.option");
  return resource;
}

/** The student, the relatives who come (the student's own) and the tracking record it is about (the student's). */
async function checkPeople(tx: TenantTx, ctx: AuthedContext, data: Row, current: Current | null) {
  if (current && ["userId", "participants", "trackingId"].every((f) => data[f] === undefined)) return;
  const userId = merged<number>(data, current, "userId");
  if (data.userId !== undefined && !(await tx.user.findFirst({ where: { id: userId, type: PERSON_TYPE.student }, select: { id: true } })))
    refuse(ctx, RESOURCE, "userId", "validation.option");
  if (data.participants !== undefined) data.participants = [...new Set(((data.participants as unknown[] | null) ?? []).map(Number))];
  const participants = merged<number[]>(data, current, "participants") ?? [];
  if (participants.some((p) => !Number.isInteger(p) || p <= 0 || p > RECORD_ID_MAX)) refuse(ctx, RESOURCE, "participants", "validation.option");
  // The relatives me/family offers: guardians whose link stands and allows contact (delivery/guardians.ts).
  const family = await tx.kinship.count({ where: { ...GUARDIAN_LINK, studentId: userId, relativeId: { in: participants } } });
  if (family !== participants.length) refuse(ctx, RESOURCE, "participants", "validation.option");
  const trackingId = merged<number | null>(data, current, "trackingId");
  if (trackingId !== null && trackingId !== undefined) {
    const record = await tx.tracking.findFirst({
      where: { id: trackingId, userId, type: { in: [CONDUCT_TYPES.admTracking, CONDUCT_TYPES.admBehavior] } },
      select: { id: true },
    });
    if (!record) refuse(ctx, RESOURCE, "trackingId", "validation.option");
  }
}

/**
 * Times and status: the end defaults to one appointment of the resource; an appointment cannot be completed before
 * it starts (001 §5); the resource must be free then (001 §8 "a failed slot check stops the booking"). The status
 * follows: completed, else confirmed once it had been held or confirmed, else reserved.
 */
async function checkTime(tx: TenantTx, ctx: AuthedContext, data: Row, current: Current | null, resource: { id: number; duration: number }, id: number | null) {
  const start = merged<Date>(data, current, "dtDate");
  const end = merged<Date | null>(data, current, "dtEndDate") ?? new Date(start.getTime() + resource.duration * 60_000);
  data.dtEndDate = end;
  if (end <= start) refuse(ctx, RESOURCE, "dtEndDate", "conduct.endBeforeStart");
  const completed = merged<boolean>(data, current, "completed");
  if (completed && start > new Date()) refuse(ctx, RESOURCE, "completed", "conduct.completedFuture");
  data.status = completed ? COMPLETED : current && current.status !== RESERVED ? CONFIRMED : RESERVED;
  // The resource's appointments take turns from this check to their write, so two cannot both find the slot free.
  await lockKey(tx, "booking", resource.id);
  const clash = await tx.booking.findFirst({
    where: { resourceId: resource.id, dtDate: { lt: end }, dtEndDate: { gt: start }, ...(id === null ? {} : { NOT: { id } }) },
    select: { id: true },
  });
  if (clash) refuse(ctx, RESOURCE, "dtDate", "conduct.slotTaken");
}

export const bookingRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const key = id === null ? null : Number(id);
    const current = key === null ? null : await tx.booking.findFirst({ where: { id: key }, include: { resource: { select: { userId: true } } } });
    if (key !== null && !current) throw notFound();
    const resource = await chooseResource(tx, ctx, data, current);
    await checkPeople(tx, ctx, data, current);
    await checkTime(tx, ctx, data, current, resource, key);
    if (!current) data.createdByName = ctx.user.name;
  },
  // A teacher deletes only appointments of their own agenda.
  async beforeDelete(tx, record, ctx) {
    if (!isTeacher(ctx)) return;
    const resource = await tx.bookingResource.findFirst({ where: { id: record.resourceId as number }, select: { userId: true } });
    if (resource?.userId !== ctx.user.id) throw notYours();
  },
};

/** POST admBookingList/confirm/{id} (our path): a reserved appointment becomes confirmed; a teacher confirms their own. */
export async function confirmBooking(ctx: AuthedContext & { params: TBookingParams }): Promise<Reply<TBookingConfirmAnswer>> {
  const id = Number(ctx.params.id);
  if (id > RECORD_ID_MAX) throw notFound();
  await ctx.db.$transaction(async (tx) => {
    const booking = await tx.booking.findFirst({ where: { id }, select: { status: true, resource: { select: { userId: true } } } });
    if (!booking) throw notFound();
    if (isTeacher(ctx) && booking.resource.userId !== ctx.user.id) throw notYours();
    // Only a reserved one, checked by the write itself, so that of two confirmations at once one confirms and the other
    // is told. A booking in another state is a conflict with the record, not a field to correct.
    const { count } = await tx.booking.updateMany({ where: { id, status: RESERVED }, data: { status: CONFIRMED } });
    if (count === 0) throw new AppError(-409, "conduct.notReserved", 409);
    await audit(tx, ctx, RESOURCE, "edit", id);
  });
  return { data: { ID: id }, msgKey: "conduct.confirmed" };
}
