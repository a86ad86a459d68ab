import {
  CHECKLIST_STEP_IDS,
  DELIVERY_STATES,
  PERSON_TYPE,
  type TChecklistStepId,
  type TCompanyChecklistAnswer,
  type TCompanyChecklistSave,
  type TDeliveryState,
  type TTestChannel,
  type TTestMessageSend,
} from "@pizarra/contracts";
import { tenantOf, type TenantDb, type TenantTx } from "@pizarra/db";
import { randomUUID } from "node:crypto";
import { CHANNEL_BY_NAME } from "../../channels/registry.ts";
import { mailSenderOf } from "../../channels/mail.ts";
import { whatsappNumberOf } from "../../channels/whatsapp.ts";
import { addressOf, queueMessages, schoolChannelReady } from "../../delivery/ledger.ts";
import { fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { translator } from "../../i18n.ts";
import { INVITATION_SOURCE } from "../invitations/index.ts";
import { requireCompanyRole, settingsOf } from "./profile.ts";

/** The ledger's source of a checklist's test message: its rows are the administrator's, and only theirs are shown. */
export const TEST_SOURCE = "first-hour-test";

/**
 * What each step counts (002 §2 home, the first hour). The school year is read in its current period when it has one
 * (a school that rolled over counts its new year); families are students with at least one open guardian link.
 */
async function counts(db: TenantDb, tenantId: number) {
  const current = await db.period.findFirst({ where: { current: true }, select: { id: true } });
  const inYear = current ? { periodId: current.id } : {};
  const [period, grades, sections, students, families, staffInvited, school] = await Promise.all([
    db.period.count(),
    db.superSection.count({ where: inYear }),
    db.section.count({ where: current ? { superSection: { periodId: current.id } } : {} }),
    db.user.count({ where: { type: PERSON_TYPE.student, inactive: false } }),
    db.user.count({ where: { type: PERSON_TYPE.student, inactive: false, relatives: { some: { endedAt: null } } } }),
    db.message.groupBy({ by: ["userId"], where: { source: INVITATION_SOURCE } }).then((rows) => rows.length),
    db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { logo: true } }),
  ]);
  return { period, grades, sections, students, families, staffInvited, logo: school.logo ? 1 : 0 };
}

/** The last test message this administrator was sent on a channel, as the ledger has it now. */
async function lastTest(db: TenantDb, userId: number, channel: TTestChannel) {
  const row = await db.message.findFirst({
    where: { source: TEST_SOURCE, userId, channel },
    orderBy: { id: "desc" },
    select: { status: true, error: true, address: true, createdAt: true },
  });
  if (!row) return null;
  const status = (DELIVERY_STATES as readonly string[]).includes(row.status) ? (row.status as TDeliveryState) : "queued";
  return { status, error: row.error, address: row.address, at: row.createdAt.toISOString() };
}

/** GET company/checklist (the administrators' first hour, on home): each step's state and count, and the channels. */
export async function getChecklist(ctx: AuthedContext): Promise<Reply<TCompanyChecklistAnswer>> {
  requireCompanyRole(ctx);
  const tenantId = tenantOf(ctx.db);
  const [n, school, me, sender, number, mailTest, whatsappTest] = await Promise.all([
    counts(ctx.db, tenantId),
    ctx.db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { settings: true, mailFrom: true } }),
    ctx.db.user.findFirstOrThrow({ where: { id: ctx.user.id }, select: { id: true, mail: true, cel: true } }),
    mailSenderOf(ctx.db, tenantId),
    whatsappNumberOf(ctx.db, tenantId),
    lastTest(ctx.db, ctx.user.id, "mail"),
    lastTest(ctx.db, ctx.user.id, "whatsapp"),
  ]);
  const mailReady = CHANNEL_BY_NAME.mail.configured();
  const whatsappReady = CHANNEL_BY_NAME.whatsapp.configured() && number !== null;
  const count: Record<TChecklistStepId, number> = { ...n, mail: mailReady ? 1 : 0, whatsapp: whatsappReady ? 1 : 0 };
  const steps = CHECKLIST_STEP_IDS.map((id) => ({ id, done: count[id] > 0, count: count[id] }));
  return {
    data: {
      steps,
      done: steps.filter((s) => s.done).length,
      total: steps.length,
      dismissed: settingsOf(school.settings).firstHourDismissed === true,
      channels: {
        mail: {
          ready: mailReady,
          sender: sender.from.name ? `${sender.from.name} <${sender.from.address}>` : sender.from.address,
          viaDeployment: !school.mailFrom?.trim(),
          to: addressOf(me, "mail"),
          test: mailTest,
        },
        whatsapp: { ready: whatsappReady, sender: number, viaDeployment: false, to: addressOf(me, "whatsapp"), test: whatsappTest },
      },
    },
  };
}

/** POST company/checklist: hides the checklist for the whole school (or shows it again), merged into Tenant.settings. */
export async function saveChecklist(ctx: AuthedContext & { body: TCompanyChecklistSave }): Promise<Reply<{ dismissed: boolean }>> {
  requireCompanyRole(ctx);
  await ctx.db.$transaction(async (tx) => {
    const id = tenantOf(tx);
    // Read under a row lock, so that a profile saved at the same moment keeps its own switches and this one.
    await tx.$queryRaw`SELECT id FROM "Tenant" WHERE id = ${id} FOR UPDATE`;
    const { settings } = await tx.tenant.findUniqueOrThrow({ where: { id }, select: { settings: true } });
    await tx.tenant.update({ where: { id }, data: { settings: { ...settingsOf(settings), firstHourDismissed: ctx.body.dismissed } } });
  });
  return { data: { dismissed: ctx.body.dismissed } };
}

/**
 * POST company/testMessage: a test message to the administrator who asks, through the delivery pipeline like any
 * other (a ledger row, the queue, the channel), so that its state on the checklist is the channel's real answer. On
 * WhatsApp it goes as the school's notice template, the only kind Meta delivers outside a conversation.
 */
export async function sendTestMessage(ctx: AuthedContext & { body: TTestMessageSend }): Promise<Reply<{ ID: number }>> {
  requireCompanyRole(ctx);
  const channel = ctx.body.channel;
  await schoolChannelReady(ctx.db, ctx, channel, "channel");
  const tenantId = tenantOf(ctx.db);
  const [me, school, notice] = await Promise.all([
    ctx.db.user.findFirstOrThrow({ where: { id: ctx.user.id }, select: { id: true, mail: true, cel: true } }),
    ctx.db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { title: true } }),
    ctx.db.localizationTemplate.findFirst({ where: { id: "school_notice", type: "w" }, select: { id: true, templateId: true } }),
  ]);
  const address = addressOf(me, channel);
  // No address of the administrator's on the channel: said on the channel's field, in their language.
  if (!address) throw fieldRefusal("channel", ctx.t(`firstHour.test.noAddress.${channel}`));
  const t = translator(ctx.locale);
  const values = { school: school.title };
  const subject = t("firstHour.test.subject", values);
  const text = t("firstHour.test.text", values);
  const id = await ctx.db.$transaction(async (tx: TenantTx) => {
    const key = `${TEST_SOURCE}:${ctx.user.id}:${randomUUID()}`;
    await queueMessages(tx, [
      {
        key,
        source: TEST_SOURCE,
        userId: me.id,
        channel,
        address,
        locale: ctx.locale,
        subject,
        text,
        template: channel === "whatsapp" ? { name: notice?.templateId || "school_notice", language: ctx.locale, params: [school.title, subject, text] } : null,
        // A test is asked for now: quiet hours would hide its answer until morning.
        urgent: true,
      },
    ]);
    const row = await tx.message.findFirstOrThrow({ where: { key }, select: { id: true } });
    return row.id;
  });
  return { data: { ID: id }, msgKey: "firstHour.test.queued" };
}
