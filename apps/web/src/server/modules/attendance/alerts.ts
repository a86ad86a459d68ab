import { MARK_JUSTIFICATION } from "@pizarra/contracts";
import { type Db, forTenant, tenantOf, type TenantTx } from "@pizarra/db";
import type { ChannelName } from "../../channels/channel.ts";
import { CHANNEL_BY_NAME } from "../../channels/registry.ts";
import { addressOf, type Draft, queueMessages } from "../../delivery/ledger.ts";
import { type Recipient, readRecipients } from "../../delivery/guardians.ts";
import { personLocale } from "../../delivery/locale.ts";
import { enqueue, JOBS } from "../../delivery/queue.ts";
import { env } from "../../env.ts";
import { translator, type Locale } from "../../i18n.ts";
import { fullName } from "../../resource/display.ts";
import { formatDate, formatDateTime } from "../../resource/values.ts";
import { signJustifyLink } from "./link-token.ts";
import { PLACE_SELECT, placeOf } from "./registers.ts";
import { schoolToday } from "./school-day.ts";

/** The ledger's `source` of absence alerts; `sourceId` is the mark. */
export const ALERT_SOURCE = "attendance";

export interface AlertJob {
  tenantId: number;
  markId: number;
  status: number;
  typeId: number;
  /** The change that asked for it: a later change of the same mark asks for its own alert. */
  markedAt: string;
}

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
    alerts
      .filter((a) => due.has(a.markId))
      .map(({ delayMinutes, ...alert }) => ({
        name: JOBS.attendanceAlert,
        data: { ...alert, tenantId },
        key: `alert:${tenantId}:${alert.markId}:${alert.status}:${alert.markedAt}`,
        startAfter: new Date(Date.parse(alert.markedAt) + delayMinutes * 60_000),
      })),
  );
}

/**
 * WhatsApp first (as a template: the only kind Meta delivers outside a conversation), else e-mail, else push: of the
 * channels the guardian has not opted out of.
 */
function channelsFor(guardian: Recipient): ChannelName[] {
  const open = (c: ChannelName) =>
    CHANNEL_BY_NAME[c].configured() && guardian.channels.includes(c) && (c === "push" ? guardian.devices > 0 : addressOf(guardian, c) !== null);
  return (["whatsapp", "mail", "push"] as const).filter(open);
}

/**
 * The alert of one mark, once its delay is over (issue 15 item 3): nothing when the mark has changed since (a teacher's
 * slip must not alarm a family) or when an excuse is already in; otherwise each guardian who may be told about the
 * student (delivery/guardians.ts: nobody, about a student no longer active) is told on their first open channel (the
 * next one as its fallback), in their language, with the child, the class, the time and a link to justify. Keys hold
 * mark, guardian and channel: an alert never goes twice for one mark.
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
      session: {
        select: {
          id: true,
          day: true,
          ...PLACE_SELECT,
        },
      },
      user: {
        select: {
          name: true,
          last: true,
          last2: true,
        },
      },
    },
  });
  if (!mark || mark.status !== job.status || mark.typeId !== job.typeId || mark.justification !== MARK_JUSTIFICATION.notReceived) return 0;
  // Checked again when it runs: an alert queued before registers of days to come were refused must not go out either.
  if (mark.session.day > schoolToday()) return 0;
  const school = await db.tenant.findUniqueOrThrow({ where: { id: job.tenantId }, select: { title: true, defaultLocale: true } });
  const { session } = mark;
  const place = placeOf(session);
  const day = formatDate(session.day);
  const time = formatDateTime(mark.markedAt ?? new Date());
  const student = fullName(mark.user);
  const schoolLocale: Locale = school.defaultLocale === "en" ? "en" : "es";
  const drafts: Draft[] = [];
  for (const relative of await readRecipients(db, { familyOf: { id: mark.userId } })) {
    const [first, second] = channelsFor(relative);
    if (!first) continue;
    const locale = personLocale(relative, schoolLocale);
    const t = translator(locale);
    const link = `${env().PUBLIC_URL.replace(/\/+$/, "")}/justify/${await signJustifyLink({
      tenantId: job.tenantId,
      studentId: mark.userId,
      guardianId: relative.id,
      from: day,
      to: day,
      sessionId: session.id,
    })}`;
    const values = {
      guardian: fullName(relative),
      student,
      type: mark.type?.name ?? t(`attendanceApi.status.${mark.status}`),
      place,
      time,
      link,
      school: school.title,
    };
    const channel = first;
    drafts.push({
      key: `${ALERT_SOURCE}:${job.markId}:${relative.id}:${channel}`,
      source: ALERT_SOURCE,
      sourceId: job.markId,
      userId: relative.id,
      channel,
      address: addressOf(relative, channel),
      locale,
      subject: t("attendanceApi.alert.subject", values),
      text: t(channel === "push" ? "attendanceApi.alert.push" : "attendanceApi.alert.text", values),
      template:
        channel === "whatsapp" ? { name: env().WHATSAPP_ALERT_TEMPLATE, language: locale, params: [values.guardian, student, place, time, link] } : null,
      fallback: second ?? null,
      urgent: true,
    });
  }
  if (drafts.length) await db.$transaction((tx) => queueMessages(tx, drafts));
  return drafts.length;
}
