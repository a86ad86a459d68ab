import { PIN_PURPOSE } from "@pizarra/contracts";
import type { Db } from "@pizarra/db";
import type { Outcome, Outgoing } from "../../channels/channel.ts";
import { mail } from "../../channels/mail.ts";
import { whatsapp, whatsappNumberOf } from "../../channels/whatsapp.ts";
import { env } from "../../env.ts";
import { type Locale, translator } from "../../i18n.ts";
import { log } from "../../log.ts";
import { PIN_VALID_SECONDS, signInAccount, unsealPin } from "./pin.ts";

type Sent = "done" | "retry";

/**
 * Sends one PIN row's PIN, sealed on the row until now: by WhatsApp, as the deployment's authentication template (002
 * §4) in the person's language, from the number of the school the account last used, or of its first (sign-in;
 * the deployment's number when that school has none) or the deployment's (registration). Where WhatsApp refuses for good (not a WhatsApp number,
 * 131026, or any refusal classify calls permanent), a sign-in PIN goes by e-mail to the account's address instead; a
 * registration has no account, and fails. The row keeps the delivery (status, channel, provider id, error, attempts),
 * so that a sign-in can be traced; the sealed PIN is cleared once sent or given up. A PIN replaced meanwhile (a resend)
 * is not cleared by this run: the clearing names the sealed text it read.
 */
export async function sendPin(system: Db, pinId: number): Promise<Sent> {
  const pin = await system.phonePin.findUnique({ where: { id: pinId } });
  if (!pin?.sealed) return "done";
  const settle = (data: { status: string; channel?: string | null; providerId?: string | null; error?: string | null; sealed?: null }) =>
    system.phonePin.updateMany({ where: { id: pin.id, sealed: pin.sealed }, data: { attempts: { increment: 1 }, ...data } });
  if (pin.expiresAt <= new Date()) {
    await settle({ status: "failed", error: "expired before it was sent", sealed: null });
    return "done";
  }
  const locale: Locale = pin.locale === "en" ? "en" : "es";
  const t = translator(locale);
  const code = unsealPin(pin.sealed);
  const account = pin.accountId ? await system.account.findUnique({ where: { id: pin.accountId }, select: { email: true, lastTenantId: true } }) : null;
  const minutes = PIN_VALID_SECONDS / 60;
  const message: Outgoing = {
    id: pin.id,
    key: `pin:${pin.id}:${pin.issuedAt.getTime()}`,
    tenantId: account?.lastTenantId ?? 0,
    userId: null,
    address: pin.phone,
    replyTo: null,
    locale,
    subject: t("api.pinMailSubject"),
    text: t("api.pinMailText", { code, minutes }),
    html: null,
    template: { name: env().WHATSAPP_PIN_TEMPLATE, language: locale, params: [code], copyCode: code },
  };

  // A retry after WhatsApp refused for good goes straight to the e-mail.
  let outcome: Outcome | null = null;
  if (pin.channel !== "mail") {
    const staff = pin.purpose === PIN_PURPOSE.signin ? await signInAccount(system, pin.phone) : null;
    const school = staff ? await whatsappNumberOf(system, staff.tenantId) : null;
    outcome = await whatsapp.send({ ...message, from: school ?? env().WHATSAPP_PHONE_NUMBER_ID ?? null });
    if (outcome.ok) {
      await settle({ status: "sent", channel: "whatsapp", providerId: outcome.providerId, error: null, sealed: null });
      return "done";
    }
    if (!outcome.permanent) {
      await settle({ status: "queued", channel: "whatsapp", error: outcome.error });
      return "retry";
    }
  }
  if (pin.purpose !== PIN_PURPOSE.signin || !account || !mail.configured()) {
    await settle({ status: "failed", error: outcome?.error ?? "no way to send it", sealed: null });
    log().warn({ pinId: pin.id, purpose: pin.purpose }, "PIN not sent: WhatsApp refused it and there is no e-mail to fall back to");
    return "done";
  }
  const mailed = await mail.send({ ...message, address: account.email });
  if (mailed.ok) {
    await settle({ status: "mailed", channel: "mail", providerId: mailed.providerId, error: outcome?.error ?? null, sealed: null });
    return "done";
  }
  if (mailed.permanent) {
    await settle({ status: "failed", channel: "mail", error: mailed.error, sealed: null });
    return "done";
  }
  await settle({ status: "queued", channel: "mail", error: mailed.error });
  return "retry";
}
