import { ATTENDANCE_STATUS, ATTENDANCE_TEMPLATES, MARK_JUSTIFICATION } from "@pizarra/contracts";
import { type Db, forTenant, tenantOf, type TenantTx } from "@pizarra/db";
import { z } from "zod";
import { queueMessages } from "../../delivery/ledger.ts";
import { enqueue, jobKind } from "../../delivery/queue.ts";
import { translator } from "../../i18n.ts";
import { formatDate } from "../../resource/values.ts";
import { familyDrafts } from "./family-notice.ts";
import { justifyUrl } from "./link-token.ts";
import { PLACE_SELECT, placeOf } from "./registers.ts";
import { schoolToday } from "./school-day.ts";
import { dayAs, nameAs, schoolStyle, timeAs } from "./school-style.ts";

/** The ledger's `source` of attendance alerts; `sourceId` is the mark. */
export const ALERT_SOURCE = "attendance";

/** An absence alert, once its attendance type's delay has passed: sent unless the mark was changed back meanwhile. */
export const ATTENDANCE_ALERT = jobKind(
  "attendance-alert",
  z.object({
    tenantId: z.number().int().positive(),
    markId: z.number().int().positive(),
    status: z.number().int(),
    typeId: z.number().int(),
    /** The change that asked for it: a later change of the same mark asks for its own alert. */
    markedAt: z.string().min(1),
  }),
);
export type AlertJob = z.infer<typeof ATTENDANCE_ALERT.payload>;

/**
 * Queues each alert to run once its attendance type's delay has passed, on the marks' transaction. The one way alerts
 * are queued, so the one place that holds back a mark of a day still to come (at the school's UTC-5): nobody is absent
 * from a class that has not happened, and a family must not be alarmed by one, whatever let the mark be written.
 */
export async function queueAlerts(tx: TenantTx, alerts: (Omit<AlertJob, "tenantId"> & { delayMinutes: number })[]): Promise<void> {
  if (alerts.length === 0) return;
  const tenantId = tenantOf(tx);
  const due = new Set(
    (
      await tx.attendanceMark.findMany({
        where: { id: { in: alerts.map((a) => a.markId) }, session: { day: { lte: schoolToday() } } },
        select: { id: true },
      })
    ).map((m) => m.id),
  );
  await enqueue(
    tx,
    ATTENDANCE_ALERT,
    alerts
      .filter((a) => due.has(a.markId))
      .map(({ delayMinutes, ...alert }) => ({
        data: { ...alert, tenantId },
        key: `alert:${tenantId}:${alert.markId}:${alert.status}:${alert.markedAt}`,
        startAfter: new Date(Date.parse(alert.markedAt) + delayMinutes * 60_000),
      })),
  );
}

/**
 * The alert of one mark, once its delay is over: nothing when the mark has changed since (a teacher's slip must not
 * alarm a family) or when an excuse is already in; otherwise the family is told (family-notice.ts) what happened, a
 * late arrival or an absence, each with its own template and text: the child as the school writes names, the class,
 * the day and the time on the school's clock, and a link to justify it. Keys hold mark, guardian and channel: an alert
 * never goes twice for one mark.
 */
export async function runAlert(system: Db, job: AlertJob): Promise<number> {
  const db = forTenant(system, job.tenantId);
  const mark = await db.attendanceMark.findFirst({
    where: { id: job.markId },
    select: {
      status: true,
      typeId: true,
      markedAt: true,
      justification: true,
      userId: true,
      type: { select: { name: true } },
      session: { select: { id: true, day: true, ...PLACE_SELECT } },
      user: { select: { name: true, last: true, last2: true } },
    },
  });
  if (!mark || mark.status !== job.status || mark.typeId !== job.typeId || mark.justification !== MARK_JUSTIFICATION.notReceived) return 0;
  const kind = mark.status === ATTENDANCE_STATUS.late ? "late" : mark.status === ATTENDANCE_STATUS.absent ? "absent" : null;
  // A school may make any type notify; only what a family can justify is an alert.
  if (!kind) return 0;
  // Checked again when it runs: an alert queued before registers of days to come were refused must not go out either.
  if (mark.session.day > schoolToday()) return 0;
  const style = await schoolStyle(db, job.tenantId);
  const { session } = mark;
  const day = formatDate(session.day);
  const markedAt = mark.markedAt ?? new Date();
  const drafts = await familyDrafts(db, style, {
    source: ALERT_SOURCE,
    sourceId: job.markId,
    key: `${ALERT_SOURCE}:${job.markId}`,
    studentId: mark.userId,
    template: ATTENDANCE_TEMPLATES[kind],
    messages: `attendanceApi.alert.${kind}`,
    urgent: true,
    values: async (guardian, locale) => ({
      student: nameAs(style, mark.user),
      type: mark.type?.name ?? translator(locale)(`attendanceApi.status.${mark.status}`),
      place: placeOf(session),
      day: dayAs(session.day, locale),
      time: timeAs(style, markedAt, locale),
      link: await justifyUrl({ tenantId: job.tenantId, studentId: mark.userId, guardianId: guardian.id, from: day, to: day, sessionId: session.id }),
    }),
  });
  if (drafts.length) await db.$transaction((tx) => queueMessages(tx, drafts));
  return drafts.length;
}
