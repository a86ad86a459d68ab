import { whatsappParam } from "@pizarra/contracts";
import type { Db } from "@pizarra/db";
import { toE164 } from "@pizarra/contracts/phone";
import { request } from "undici";
import { env } from "../env.ts";
import type { Channel, Outcome, Outgoing } from "./channel.ts";

/** Meta answers within a few seconds; past this the job fails as transient and is retried with backoff. */
const TIMEOUT_MS = 15_000;

/**
 * Cloud API error codes a retry can mend (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes):
 * throttling (4 too many calls, 80007 WABA rate limit, 130429 throughput, 131048 spam rate limit, 131056 pair rate
 * limit) and Meta's own trouble (1 unknown, 2 service, 131000 something went wrong, 131016 service unavailable, 133004
 * server temporarily unavailable). Every other code is a request that will fail again as sent: an undeliverable or
 * non-WhatsApp number (131026), a closed re-engagement window (131047, 470), a bad parameter (100, 131008, 131009),
 * a missing or mismatched template (132000, 132001, 132005, 132007, 132012), recipient = sender (131021), an
 * account or token problem (0, 3, 10, 190, 131031, 131042): permanent, so the row may fall back to another channel.
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

interface CloudError {
  code?: number;
  error_subcode?: number;
  message?: string;
  error_data?: { details?: string };
}

/**
 * The Cloud API's own message body: a template (the only kind Meta delivers outside a 24-hour session) or text. Every
 * sender's parameters are folded as Meta takes them (whatsappParam): one with a line break would be refused whole.
 */
export function cloudBody(message: Outgoing, to: string): Record<string, unknown> {
  // biz_opaque_callback_data comes back on the message's status webhooks: the ledger key, to trace a status by hand.
  const head = { messaging_product: "whatsapp", recipient_type: "individual", to, biz_opaque_callback_data: message.key };
  if (!message.template) return { ...head, type: "text", text: { preview_url: false, body: message.text } };
  const { name, language, params, copyCode } = message.template;
  const components: Record<string, unknown>[] = [];
  if (params.length) components.push({ type: "body", parameters: params.map((text) => ({ type: "text", text: whatsappParam(text) })) });
  // Meta's shape for an authentication template's copy-code button: created as an "otp" button, sent as a "url" one.
  if (copyCode) components.push({ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: copyCode }] });
  return {
    ...head,
    type: "template",
    template: { name, language: { code: language }, ...(components.length ? { components } : {}) },
  };
}

/** Permanent unless the code or the HTTP status (429, 5xx) says a retry can mend it. */
export function classify(httpStatus: number, error: CloudError | undefined): Outcome & { ok: false } {
  const code = typeof error?.code === "number" ? error.code : null;
  const transient = (code !== null && TRANSIENT_CODES.has(code)) || httpStatus === 429 || httpStatus >= 500;
  const detail = [error?.message, error?.error_data?.details].filter(Boolean).join(": ") || `HTTP ${httpStatus}`;
  const codes = code === null ? "" : `${code}${error?.error_subcode ? `/${error.error_subcode}` : ""} `;
  return { ok: false, permanent: !transient, error: `WhatsApp ${codes}${detail}`.slice(0, 500) };
}

/** The schools' numbers are read through the whole client or a school's: Tenant is no school's own model. */
type Schools = { tenant: Db["tenant"] };

/**
 * The school the deployment's default number (WHATSAPP_PHONE_NUMBER_ID) is for: the deployment's only school, when it
 * has no number of its own; among several schools, none. Not "the one school without a number": that one changes as
 * the others get numbers, and a family's reply to a message sent weeks before would reach a school that never sent it.
 * Schools are only ever added, so the default never comes to serve a second one.
 */
async function loneSchool(db: Schools): Promise<number | null> {
  const schools = await db.tenant.findMany({ take: 2, select: { id: true, whatsappPhoneNumberId: true } });
  return schools.length === 1 && schools[0]!.whatsappPhoneNumberId === null ? schools[0]!.id : null;
}

/**
 * The number a school's WhatsApp messages go from, which its statuses and its families' replies come back to: its own
 * (Tenant.whatsappPhoneNumberId), else the default for the deployment's only school. Null: the school has none, and
 * WhatsApp is not offered to it, since another school's number would hand its families' replies to that school.
 */
export async function whatsappNumberOf(db: Schools, tenantId: number): Promise<string | null> {
  const school = await db.tenant.findUnique({ where: { id: tenantId }, select: { whatsappPhoneNumberId: true } });
  if (!school) return null;
  if (school.whatsappPhoneNumberId) return school.whatsappPhoneNumberId;
  const fallback = env().WHATSAPP_PHONE_NUMBER_ID;
  return fallback && (await loneSchool(db)) === tenantId ? fallback : null;
}

/** The school a call of Meta's to `phoneNumberId` is read in, the other way of whatsappNumberOf; null: no school's, dropped. */
export async function schoolOfWhatsAppNumber(db: Schools, phoneNumberId: string): Promise<number | null> {
  const owner = await db.tenant.findUnique({ where: { whatsappPhoneNumberId: phoneNumberId }, select: { id: true } });
  if (owner) return owner.id;
  return phoneNumberId === env().WHATSAPP_PHONE_NUMBER_ID ? loneSchool(db) : null;
}

/**
 * The WhatsApp Cloud API (or a sink speaking it at WHATSAPP_API_URL): one POST per message to the number it goes from
 * (`from`, whatsappNumberOf its school). Offered where the deployment has a token and a default number; a message
 * without a number of its school's is refused for good (and may fall back), never sent from whichever number is at hand.
 */
export const whatsapp: Channel = {
  name: "whatsapp",
  configured: () => Boolean(env().WHATSAPP_TOKEN && env().WHATSAPP_PHONE_NUMBER_ID),
  async send(message) {
    const { WHATSAPP_API_URL, WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID } = env();
    if (!WHATSAPP_TOKEN || !WHATSAPP_PHONE_NUMBER_ID) return { ok: false, permanent: true, error: "WhatsApp is not configured" };
    const { from } = message;
    if (!from) return { ok: false, permanent: true, error: "notConfigured" };
    // E.164, as numbers are kept (and as Meta reads them whole). One kept without its country code is read in the
    // school's country: sent as its bare digits, Meta would read "971000136" as a number of country 971. Only what is no
    // number there is read as the international digits older ledger rows hold ("51987000001").
    const to = toE164(message.address, message.country) ?? (/^\d+$/.test(message.address) ? toE164(`+${message.address}`) : null);
    if (!to) return { ok: false, permanent: true, error: `WhatsApp: "${message.address}" is not a phone number` };
    // undici's own request rather than fetch (undici's too): a send to a whole school makes one call a message, and
    // fetch's web streams cost the worker measurably more processor a call (the bench's sending figures).
    let status: number;
    let answer: { messages?: { id?: string }[]; error?: CloudError } | null;
    try {
      const res = await request(`${WHATSAPP_API_URL.replace(/\/+$/, "")}/${encodeURIComponent(from)}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${WHATSAPP_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(cloudBody(message, to)),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      status = res.statusCode;
      answer = (await res.body.json().catch(() => null)) as typeof answer;
    } catch (error) {
      // Refused, reset, DNS or the timeout: nothing says the number is wrong, so it is tried again later.
      return { ok: false, permanent: false, error: `WhatsApp unreachable: ${(error as Error).message}`.slice(0, 500) };
    }
    const ok = status >= 200 && status < 300;
    const providerId = answer?.messages?.[0]?.id;
    if (ok && providerId) return { ok: true, providerId };
    if (ok) return { ok: false, permanent: false, error: "WhatsApp answered without a message id" };
    return classify(status, answer?.error);
  },
};
