import { NOTIFICATION_STATUS, RESOURCES, ZScheduleAnswer } from "@pizarra/contracts";
import type { ResourceServer } from "../../resource/factory.ts";
import { activityRules } from "./activity-rules.ts";
import { notificationRules } from "./notification-rules.ts";
import { publicationPartRules, publicationRules } from "./publication-rules.ts";
import { schedule, scheduleReply } from "./schedule.ts";
import { dayEnd, dayStart, nameOf } from "../../resource/display.ts";

type Row = Record<string, unknown>;
const categoryName = (r: Row) => ({ categoryName: (r.category as { name: string } | null)?.name ?? null });
const percent = (part: number, total: number) => (total > 0 ? Math.round((part * 100) / total) : 0);
/** How much of a notification went out and was read, for the progress columns. */
const progress = (r: Row) => ({ sentProgress: percent(r.sent as number, r.total as number), readProgress: percent(r.read as number, r.total as number) });

export const NOTIFICATIONS_RESOURCES: ResourceServer[] = [
  {
    def: RESOURCES.admPublication,
    model: "publication",
    include: { category: { select: { name: true } }, _count: { select: { parts: true } } },
    display: (r) => ({ ...categoryName(r), partCount: (r._count as { parts: number }).parts }),
    filterWhere: { superSectionId: (value) => ({ superSections: { has: Number(value) } }) },
    rules: publicationRules,
  },
  { def: RESOURCES.admPublicationPart, model: "publicationPart", rules: publicationPartRules },
  {
    def: RESOURCES.admActivity,
    model: "calendarActivity",
    include: { category: { select: { name: true } } },
    display: categoryName,
    filterWhere: {
      superSectionId: (value) => ({ superSections: { has: Number(value) } }),
      sectionId: (value) => ({ sections: { has: Number(value) } }),
      type: (value) => ({ hasDate: value !== "ayr" }),
      // An activity is in a date range when it ends on or after its first day and starts before the day after its last.
      from: (value) => ({ OR: [{ endDate: { gte: dayStart(value) } }, { endDate: null, startDate: { gte: dayStart(value) } }] }),
      to: (value) => ({ startDate: { lt: dayEnd(value) } }),
    },
    rules: activityRules,
  },
  {
    def: RESOURCES.admNotification,
    model: "notification",
    include: { template: { select: { name: true } } },
    virtual: ["confirm"],
    display: (r) => ({ doWATemplateName: nameOf(r.template), ...progress(r), confirm: r.status === NOTIFICATION_STATUS.ready }),
    // A trial save is the dry run (002 §4 "the dry run sets btnValidate"): who it reaches, as the schedule call says,
    // without keeping the notification; a save that confirms it says for when and for how many.
    savedAnswer: ZScheduleAnswer,
    async answer(tx, id, ctx, dryRun) {
      const n = await tx.notification.findFirstOrThrow({ where: { id: Number(id) }, include: { template: true } });
      if (dryRun) return scheduleReply(n, await schedule(tx, ctx, n, false), false);
      return n.status === NOTIFICATION_STATUS.ready ? scheduleReply(n, { status: n.status, total: n.recipients, messages: n.total }, true) : null;
    },
    // 002 §2: the list is filtered by the days it is (or was) sent on.
    filterWhere: {
      from: (value) => ({ sendOn: { gte: dayStart(value) } }),
      to: (value) => ({ sendOn: { lt: dayEnd(value) } }),
    },
    rules: notificationRules,
  },
  // admFlowFetch: a flow's sends are the notifications about it.
  { def: RESOURCES["admFetch/sends"], model: "notification", scope: { where: { page: "fetch" } }, display: progress },
];
