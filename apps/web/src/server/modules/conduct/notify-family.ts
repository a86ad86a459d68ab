import type { TenantTx } from "@pizarra/db";
import { CHANNEL_BY_NAME } from "../../channels/registry.ts";
import { addressOf, queueMessages, requeue, type Draft } from "../../delivery/ledger.ts";
import { afterQuietHours } from "../../delivery/quiet-hours.ts";
import { readRecipients } from "../../delivery/guardians.ts";
import type { AuthedContext } from "../../http/context.ts";
import { personLocale } from "../../delivery/locale.ts";
import { translator, type Locale } from "../../i18n.ts";
import { fullName } from "../../resource/display.ts";
import type { ResourceServer } from "../../resource/factory.ts";
import { formatDate } from "../../resource/values.ts";

type Row = Record<string, unknown>;
type Db = Parameters<NonNullable<ResourceServer["decorate"]>>[0];

/** The ledger's `source` of a record's notice to the family: tracking notes and behaviour records (001 §3 "Tracking"). */
export const NOTICE_SOURCES = { tracking: "tracking", behavior: "conduct" } as const;
export type NoticeType = keyof typeof NOTICE_SOURCES;
export const hasNotice = (type: string): type is NoticeType => type in NOTICE_SOURCES;

/**
 * The family notice of a tracking or behaviour record saved with `notify` on (001 §3, §6): one e-mail per guardian who
 * may be told about the student (delivery/guardians.ts) with an address, and a push to those whose browser accepted it
 * (when this server offers push), in the guardian's language, due at notifOn. The key holds record, guardian and
 * channel, so saving the record again queues nothing new. Until a message has left: a notice withdrawn (notify off)
 * is taken off the ledger, and one moved to another date waits for it.
 */
export async function queueFamilyNotice(tx: TenantTx, ctx: AuthedContext, id: number, type: NoticeType): Promise<void> {
  const record = await tx.tracking.findFirst({
    where: { id, type },
    select: {
      userId: true,
      notify: true,
      notifOn: true,
      dateFrom: true,
      values1: true,
      note1: true,
      note2: true,
      user: {
        select: {
          name: true,
          last: true,
          last2: true,
        },
      },
    },
  });
  if (!record) return;
  const source = NOTICE_SOURCES[type];
  const waiting = { source, sourceId: id, status: "queued", attempts: 0 };
  if (!record.notify) {
    await tx.message.deleteMany({ where: waiting });
    return;
  }
  const school = await tx.tenant.findUniqueOrThrow({
    where: { id: ctx.user.tenantId },
    select: { title: true, defaultLocale: true, timeZone: true, quietFrom: true, quietTo: true },
  });
  const now = new Date();
  const notBefore = record.notifOn ?? now;
  const due = afterQuietHours(notBefore > now ? notBefore : now, school);
  const moved = await tx.message.updateMany({ where: { ...waiting, notBefore: due > now ? { not: due } : { gt: now } }, data: { notBefore: due } });
  if (moved.count > 0) await requeue(tx, waiting, `at${due.getTime()}`);
  const schoolLocale: Locale = school.defaultLocale === "en" ? "en" : "es";
  const values = record.values1.length
    ? await tx.catalogueValue.findMany({ where: { type: "trackingValues1", value: { in: record.values1 } }, select: { value: true, label: true } })
    : [];
  const reasons = record.values1.map((code) => values.find((v) => v.value === code)?.label ?? code).join(", ");
  const student = fullName(record.user, ctx.user.givenNamesFirst);
  const drafts: Draft[] = [];
  const push = CHANNEL_BY_NAME.push.configured();
  for (const relative of await readRecipients(tx, { familyOf: { id: record.userId } })) {
    const locale = personLocale(relative, schoolLocale);
    const t = translator(locale);
    const kind = t(`conduct.notice.${type}`);
    const subject = t("conduct.notice.subject", { school: school.title, kind, student });
    const common = { source, sourceId: id, userId: relative.id, aboutId: relative.aboutId, locale, subject, notBefore };
    const address = addressOf(relative, "mail");
    if (address) {
      const text = t("conduct.notice.text", {
        guardian: fullName(relative, ctx.user.givenNamesFirst),
        kind,
        student,
        date: formatDate(record.dateFrom),
        reasons,
        what: record.note1 ?? "",
        done: record.note2 ?? "",
        school: school.title,
      });
      drafts.push({ ...common, key: `${source}:${id}:${relative.id}:mail`, channel: "mail", address, text });
    }
    if (push && relative.devices > 0) {
      const text = t("conduct.notice.push", { kind, student });
      drafts.push({ ...common, key: `${source}:${id}:${relative.id}:push`, channel: "push", address: addressOf(relative, "push"), text });
    }
  }
  if (drafts.length) await queueMessages(tx, drafts);
}

/**
 * What the family was told, for staff on the record (read-only `notified`): the notice's ledger rows counted by
 * status, in the caller's language; nothing for a record without a notice.
 */
export async function noticeStatus(db: Db, rows: Row[], ctx: AuthedContext): Promise<void> {
  const ids = rows.filter((r) => r.notify === true && typeof r.ID === "number").map((r) => r.ID as number);
  if (!ids.length) return;
  const counts = await db.message.groupBy({
    by: ["sourceId", "status"],
    where: { source: { in: Object.values(NOTICE_SOURCES) }, sourceId: { in: ids } },
    _count: { _all: true },
  });
  for (const row of rows) {
    if (!ids.includes(row.ID as number)) continue;
    const mine = counts.filter((c) => c.sourceId === row.ID);
    const count = (statuses: string[]) => mine.filter((c) => statuses.includes(c.status)).reduce((n, c) => n + c._count._all, 0);
    const total = count(["queued", "sending", "sent", "delivered", "read", "failed"]);
    row.notified = total
      ? ctx.t("conduct.notice.status", { sent: count(["sent", "delivered", "read"]), total, waiting: count(["queued", "sending"]), failed: count(["failed"]) })
      : ctx.t("conduct.notice.none");
  }
}
