import {
  labelKeyOf,
  listQuerySchema,
  resourceDef,
  type TActivityMonthParams,
  type TActivityRow,
  type TNotificationObjectsQuery,
  type TNotificationParams,
  type TScheduleQuery,
  ZActivityMonthAnswer,
  ZActivityMonthParams,
  ZNotificationObjectsAnswer,
  ZNotificationObjectsQuery,
  ZNotificationParams,
  ZScheduleAnswer,
  ZScheduleQuery,
} from "@pizarra/contracts";
import type { z } from "zod";
import { notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { parseOrRefuse } from "../../http/parse.ts";
import { authedRoute, type Route } from "../../http/route.ts";
import { audit } from "../../resource/audit.ts";
import type { ServedResources } from "../../resource/factory.ts";
import { formatDateTime } from "../../resource/values.ts";
import { DELIVERY_ROUTES } from "./delivery-routes.ts";
import { OBJECT_SOURCES } from "./object-sources.ts";
import { schedule, scheduleReply } from "./schedule.ts";

/**
 * A resource's own generic list (`{resource}/get`) for this query, so that rows look exactly as they do there. The
 * query is that list's, read by its schema here: which resource it is depends on the caller's own (parsed) query. The
 * engine's rows are typed by no schema of theirs: the calling route's answer schema checks what they are.
 */
async function genericList<Data>(served: ServedResources, ctx: AuthedContext, resource: string, input: Record<string, unknown>): Promise<Data> {
  const def = resourceDef(resource)!;
  return (await served.list(resource, ctx, parseOrRefuse(listQuerySchema(def), input, ctx.t, labelKeyOf(def)))).data as Data;
}

/**
 * POST admNotification/schedule/{id}[?confirm=true] (002 §4, §7): without confirm a dry run that says how many people
 * it would reach and when; with it the notification becomes ready (status 1). The answer's data has its status.
 */
async function scheduleNotification(
  ctx: AuthedContext & { params: TNotificationParams; query: TScheduleQuery },
): Promise<Reply<z.input<typeof ZScheduleAnswer>>> {
  const confirm = ctx.query.confirm === "true";
  const { notification, outcome } = await ctx.db.$transaction(async (tx) => {
    const notification = await tx.notification.findFirst({ where: { id: ctx.params.id }, include: { template: true } });
    if (!notification) throw notFound();
    const outcome = await schedule(tx, ctx, notification, confirm);
    if (confirm) await audit(tx, ctx, "admNotification", "edit", notification.id);
    return { notification, outcome };
  });
  return scheduleReply(notification, outcome, confirm);
}

/** GET admNotification/objects?parentId={page} (002 §7): the records a notification of that kind may point at, as a pick list. */
const notificationObjects =
  (served: ServedResources) =>
  async (ctx: AuthedContext & { query: TNotificationObjectsQuery }): Promise<Reply<z.input<typeof ZNotificationObjectsAnswer>>> => {
    const { parentId, ...search } = ctx.query;
    const source = OBJECT_SOURCES[String(parentId)];
    if (!source) return { data: { Results: [], RowCount: 0, PageCount: 1 } };
    return { data: await genericList(served, ctx, source.resource, { ...search, pick: "true" }) };
  };

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * GET admActivity/month/{n} (001 §7, 002 §7; answer designed here): the dated activities of month n (1-12) of the
 * current year, or of the current month when n is 0, at the school's UTC-5 — every activity that overlaps the month,
 * earliest first, as rows of admActivity/get, with the month's year, number and first and last day.
 */
const activitiesOfMonth =
  (served: ServedResources) =>
  async (ctx: AuthedContext & { params: TActivityMonthParams }): Promise<Reply<z.input<typeof ZActivityMonthAnswer>>> => {
    const today = formatDateTime(new Date());
    const year = Number(today.slice(0, 4));
    const month = ctx.params.n || Number(today.slice(5, 7));
    const from = `${year}-${pad(month)}-01`;
    const to = `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
    const list = await genericList<{ Results: TActivityRow[] }>(served, ctx, "admActivity", { type: "cal", from, to, print: "true" });
    const Results = [...list.Results].sort((a, b) => String(a.startDate).localeCompare(String(b.startDate)));
    return { data: { Results, RowCount: Results.length, PageCount: 1, year, month, from, to } };
  };

/** The publication, calendar and notification calls beyond the generic ones; their lists are the engine's `served` ones. */
export const notificationRoutes = (served: ServedResources): Route[] => [
  ...DELIVERY_ROUTES,
  authedRoute({
    method: "POST",
    path: "admNotification/schedule/{id}",
    auth: "user",
    module: "admNotification",
    params: ZNotificationParams,
    query: ZScheduleQuery,
    answer: ZScheduleAnswer,
    handler: scheduleNotification,
  }),
  authedRoute({
    method: "GET",
    path: "admNotification/objects",
    auth: "user",
    module: "admNotification",
    query: ZNotificationObjectsQuery,
    answer: ZNotificationObjectsAnswer,
    handler: notificationObjects(served),
  }),
  authedRoute({
    method: "GET",
    path: "admActivity/month/{n}",
    auth: "user",
    module: "admCalendar",
    params: ZActivityMonthParams,
    answer: ZActivityMonthAnswer,
    handler: activitiesOfMonth(served),
  }),
];
