import { templateTags } from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import type { ChannelName } from "../../channels/channel.ts";
import { CHANNEL_BY_NAME } from "../../channels/registry.ts";
import { addressOf, type Draft } from "../../delivery/ledger.ts";
import { type Recipient, readRecipients } from "../../delivery/guardians.ts";
import { personLocale } from "../../delivery/locale.ts";
import { translator, type Locale } from "../../i18n.ts";
import { nameAs, type SchoolStyle } from "./school-style.ts";

/** What attendance tells a student's family: an alert of a mark, or the office's answer to a justification. */
export interface FamilyNotice {
  source: string;
  sourceId: number;
  /** Unique to this notice: with guardian and channel it is the ledger row's key, so a rerun sends nothing twice. */
  key: string;
  studentId: number;
  /** The school's WhatsApp template (admLocalization) it goes out as; ATTENDANCE_TEMPLATES. */
  template: string;
  /** The message keys of its e-mail (`subject`, `text`) and push (`push`) texts. */
  messages: string;
  /** The values of one guardian's message, in their language (the recipient's own are added). */
  values: (guardian: Recipient, locale: Locale) => Promise<Record<string, string>>;
  /** Sent through the school's quiet hours (an alert of today), or held until they end. */
  urgent: boolean;
}

/**
 * WhatsApp first (as the school's template: the only kind Meta delivers outside a conversation, so only when the school
 * has one for this notice), else e-mail, else push: of the channels the guardian has not opted out of.
 */
function channelsFor(guardian: Recipient, whatsapp: boolean): ChannelName[] {
  const open = (c: ChannelName) =>
    CHANNEL_BY_NAME[c].configured() &&
    guardian.channels.includes(c) &&
    (c === "whatsapp" ? whatsapp && addressOf(guardian, c) !== null : c === "push" ? guardian.devices > 0 : addressOf(guardian, c) !== null);
  return (["whatsapp", "mail", "push"] as const).filter(open);
}

/**
 * The ledger rows of a notice: each guardian who may be told about the student (delivery/guardians.ts) on their first
 * open channel (the next one as its fallback), in their language. On WhatsApp the school's template's parameters are
 * its tags in order, filled from the same values as the e-mail's text, so what staff wrote under message templates is
 * what the family reads.
 */
export async function familyDrafts(db: TenantDb | TenantTx, style: SchoolStyle, notice: FamilyNotice): Promise<Draft[]> {
  const template = await db.localizationTemplate.findFirst({
    where: { id: notice.template, type: "w" },
    select: { id: true, templateId: true, content: true },
  });
  const drafts: Draft[] = [];
  for (const guardian of await readRecipients(db, { familyOf: { id: notice.studentId } })) {
    const [channel, fallback] = channelsFor(guardian, template !== null);
    if (!channel) continue;
    const locale = personLocale(guardian, style.locale);
    const t = translator(locale);
    const values = {
      ...(await notice.values(guardian, locale)),
      name: guardian.name,
      fullName: nameAs(style, guardian),
      guardian: nameAs(style, guardian),
      school: style.title,
    };
    const tags = templateTags(template?.content);
    drafts.push({
      key: `${notice.key}:${guardian.id}:${channel}`,
      source: notice.source,
      sourceId: notice.sourceId,
      userId: guardian.id,
      aboutId: guardian.aboutId,
      channel,
      address: addressOf(guardian, channel),
      locale,
      subject: t(`${notice.messages}.subject`, values),
      // A WhatsApp row keeps the e-mail's text too: it is what its fallback to e-mail carries.
      text: t(channel === "push" ? `${notice.messages}.push` : `${notice.messages}.text`, values),
      template:
        channel === "whatsapp" && template
          ? { name: template.templateId || template.id, language: locale, params: tags.map((tag) => values[tag as keyof typeof values] ?? "") }
          : null,
      fallback: fallback ?? null,
      urgent: notice.urgent,
    });
  }
  return drafts;
}
