import { NOTIFICATION_STATUS, PERSON_TYPE } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { formatDate, formatDateTime } from "../../resource/values.ts";
import { merged, refuse } from "../../resource/refuse.ts";
import { assertFound, idList, stored } from "./checks.ts";
import { OBJECT_SOURCES } from "./object-sources.ts";
import { SEND_TO } from "./recipients.ts";
import { recurrenceCron, type RecurrencePattern } from "./recurrence.ts";
import { assertChangeable, assertNotPast, schedule } from "./schedule.ts";

type Row = Record<string, unknown>;
const R = "admNotification";
const LISTS = ["sectionIds", "userIds", "principalUserIds", "recurrenceDays", "recurrenceMonths"] as const;
/** The list each recipient filter needs. */
const FILTER_LIST: Record<string, string> = { sections: "sectionIds", dependants: "userIds", principals: "principalUserIds" };

/** Whole numbers from `min` to `max` (a checkbox group's values), or a refusal of the field. */
function numbersIn(ctx: AuthedContext, field: string, value: unknown, min: number, max: number): number[] {
  const list = Array.isArray(value) ? value : [];
  if (!list.every((v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max)) refuse(ctx, R, field, "validation.option");
  return list as number[];
}

/** 002 §5: a WhatsApp message needs its template (a WhatsApp one, `type` w); an e-mail or push message its title. */
async function checkChannels(tx: TenantTx, ctx: AuthedContext, data: Row, current: Row | null): Promise<void> {
  const template = merged(data, current, "doWATemplate");
  if (merged(data, current, "doWA") === true && !template) refuse(ctx, R, "doWATemplate");
  if (typeof data.doWATemplate === "string" && (await tx.localizationTemplate.count({ where: { id: data.doWATemplate, type: "w" } })) === 0) {
    refuse(ctx, R, "doWATemplate", "validation.option");
  }
  if ((merged(data, current, "doMail") === true || merged(data, current, "doPush") === true) && !merged(data, current, "title")) refuse(ctx, R, "title");
}

/**
 * 002 §5: a send date not in the past (checked when it is set) and, when it recurs, a pattern with its weekdays or
 * months; the cron-like `recurrence` is built here from them and the send time. Without recurrence they are cleared.
 */
function checkWhen(ctx: AuthedContext, data: Row, current: Row | null): void {
  const sendOn = merged(data, current, "sendOn") as Date;
  if (data.sendOn instanceof Date && data.sendOn.getTime() !== (current?.sendOn as Date | undefined)?.getTime()) assertNotPast(ctx, data.sendOn);
  if (merged(data, current, "hasRecurrence") !== true) {
    Object.assign(data, { recurrence: null, recurrencePattern: null, recurrenceDays: [], recurrenceMonths: [], recurrenceEndDate: null });
    return;
  }
  const pattern = merged(data, current, "recurrencePattern") as RecurrencePattern | null;
  if (!pattern) refuse(ctx, R, "recurrencePattern");
  const days = pattern === "daily" ? numbersIn(ctx, "recurrenceDays", merged(data, current, "recurrenceDays"), 0, 6) : [];
  const months = pattern === "monthly" ? numbersIn(ctx, "recurrenceMonths", merged(data, current, "recurrenceMonths"), 1, 12) : [];
  if (pattern === "daily" && days.length === 0) refuse(ctx, R, "recurrenceDays");
  if (pattern === "monthly" && months.length === 0) refuse(ctx, R, "recurrenceMonths");
  const end = merged(data, current, "recurrenceEndDate");
  if (end instanceof Date && formatDate(end) < formatDateTime(sendOn).slice(0, 10)) throw fieldRefusal("recurrenceEndDate", ctx.t("api.periodRange"));
  Object.assign(data, { recurrence: recurrenceCron(pattern, sendOn, days, months), recurrenceDays: days, recurrenceMonths: months });
}

/**
 * Recipients (002 §3, §5): the chosen sections, children and guardians are this school's; a filter needs its list and
 * the guardians' list is only for guardians; the wizard's groups and specific numbers need their group.
 */
async function checkRecipients(tx: TenantTx, ctx: AuthedContext, data: Row, current: Row | null): Promise<void> {
  const lists: Record<string, number[]> = {};
  for (const field of ["sectionIds", "userIds", "principalUserIds"]) lists[field] = idList(ctx, R, field, merged(data, current, field));
  await assertFound(ctx, R, "sectionIds", lists.sectionIds!, (ids) => tx.section.count({ where: { id: { in: ids } } }));
  await assertFound(ctx, R, "userIds", lists.userIds!, (ids) => tx.user.count({ where: { id: { in: ids }, type: PERSON_TYPE.student } }));
  await assertFound(ctx, R, "principalUserIds", lists.principalUserIds!, (ids) => tx.user.count({ where: { id: { in: ids }, type: PERSON_TYPE.relative } }));
  const filterBy = merged(data, current, "filterBy") as string | null;
  if (filterBy === "principals" && merged(data, current, "sendTo") !== SEND_TO.guardians) throw fieldRefusal("filterBy", ctx.t("api.guardiansOnly"));
  const needed = filterBy ? FILTER_LIST[filterBy] : undefined;
  if (needed && lists[needed]!.length === 0) refuse(ctx, R, needed);
  const [groupId] = idList(ctx, R, "groupId", merged(data, current, "groupId"));
  const recipientType = merged(data, current, "recipientType");
  if (recipientType !== null && recipientType !== undefined && groupId === undefined) refuse(ctx, R, "groupId");
  if (groupId !== undefined) await assertFound(ctx, R, "groupId", [groupId], (ids) => tx.userGroup.count({ where: { id: { in: ids } } }));
}

/** The associated object is a record of the notification's kind (`page`); general and payment ones have none. */
async function checkObject(tx: TenantTx, ctx: AuthedContext, data: Row, current: Row | null): Promise<void> {
  const [objectId] = idList(ctx, R, "objectId", merged(data, current, "objectId"));
  if (objectId === undefined) return;
  const source = OBJECT_SOURCES[String(merged(data, current, "page"))];
  if (!source || (await source.count(tx, objectId)) === 0) refuse(ctx, R, "objectId", "validation.option");
}

/**
 * admNotification: what is being or was sent is not changed; the rest is checked as 002 §5 says. The start-sending
 * switch (`confirm`) schedules on save (again, after a cancellation or sending errors) and, turned off, cancels a ready
 * notification; a ready one that is changed is checked again and stays ready.
 */
export const notificationRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : stored(await tx.notification.findFirst({ where: { id: Number(id) } }));
    if (current) assertChangeable(current.status);
    for (const field of LISTS) if (data[field] === null) data[field] = [];
    await checkChannels(tx, ctx, data, current);
    checkWhen(ctx, data, current);
    await checkRecipients(tx, ctx, data, current);
    await checkObject(tx, ctx, data, current);
  },
  // What is being or was sent stays on record.
  async beforeDelete(_tx, record) {
    assertChangeable(record.status as number);
  },
  async afterSave(tx, id, virtual, ctx) {
    const saved = await tx.notification.findFirstOrThrow({ where: { id: Number(id) }, include: { template: true } });
    if (virtual.confirm === false && saved.status === NOTIFICATION_STATUS.ready) {
      await tx.notification.updateMany({ where: { id: saved.id }, data: { status: NOTIFICATION_STATUS.cancelled, scheduledAt: null } });
    } else if (virtual.confirm === true || saved.status === NOTIFICATION_STATUS.ready) {
      await schedule(tx, ctx, saved, true);
    }
  },
};
