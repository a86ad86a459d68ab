import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { PIN_LENGTH, PIN_PURPOSE, STAFF_PERSON_TYPES, type TPinAnswer, type TPinPurpose } from "@pizarra/contracts";
import { toE164 } from "@pizarra/contracts/phone";
import type { Db } from "@pizarra/db";
import { z } from "zod";
import { enqueue, jobKind } from "../../delivery/queue.ts";
import { env } from "../../env.ts";
import { AppError } from "../../http/app-error.ts";
import type { Locale } from "../../i18n.ts";
import { log } from "../../log.ts";
import { addressBlock } from "../../net/client-address.ts";
import { type RateRule, takeRates } from "./rate-window.ts";

/** How long a PIN works (a person reads it on the same phone, within a few minutes), and how many tries it allows. */
export const PIN_VALID_SECONDS = 5 * 60;
export const PIN_MAX_TRIES = 5;
/** A new PIN for a number, at most once a minute; at most 5 an hour and 10 a day; 30 an hour per client address. */
export const PIN_RESEND_SECONDS = 60;
const PER_NUMBER_HOUR = 5;
const PER_NUMBER_DAY = 10;
const PER_ADDRESS_HOUR = 30;
/** Sign-in PINs sent for one school's people an hour: past it they are not sent, and the asker is not told (see issuePin). */
const PER_SCHOOL_HOUR = 200;

/** Sends a PIN (job.ts): the row's id only; the PIN travels sealed on the row. */
export const PHONE_PIN = jobKind("phone-pin", z.object({ pinId: z.number().int().positive() }));

/** Keys of their own for the PIN's hash and its seal, derived from the server's secret. */
const keyOf = (use: string) => createHash("sha256").update(`phone-pin-${use}\u0000${env().AUTH_SECRET}`).digest();
const hashOf = (phone: string, purpose: string, code: string) => createHmac("sha256", keyOf("hash")).update(`${purpose}:${phone}:${code}`).digest();

/** AES-256-GCM: iv, tag and text, base64. */
export function sealPin(code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf("seal"), iv);
  const text = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), text]).toString("base64");
}

export function unsealPin(sealed: string): string {
  const raw = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", keyOf("seal"), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/** The phone the PIN calls name (`user`: calling code and mobile, digits with or without "+"), in E.164; null when it is none. */
export const pinPhone = (user: string): string | null => toE164(user.startsWith("+") ? user : `+${user}`);

/** The account a sign-in PIN is for: the one whose phone this is, with an active staff user; and the school it last used. */
export async function signInAccount(system: Db, phone: string) {
  const account = await system.account.findUnique({ where: { phone }, select: { id: true, lastTenantId: true } });
  if (!account) return null;
  const users = await system.user.findMany({
    where: { accountId: account.id, inactive: false, type: { in: [...STAFF_PERSON_TYPES] } },
    select: { tenantId: true },
  });
  if (users.length === 0) return null;
  const tenantId = users.some((u) => u.tenantId === account.lastTenantId) ? account.lastTenantId! : users[0]!.tenantId;
  return { id: account.id, tenantId };
}

/**
 * POST user/mauthpin: a new 6-digit PIN for a number and purpose, replacing the one before, after the limits per number
 * (resend cooldown, per hour, per day) and per address have counted it (a refusal is a 429 saying how long to wait).
 * The answer is the same whether or not the number has an account: for sign-in, a number without an account with an
 * active staff user gets a row too (so that trying it behaves as any other), and nothing is sent. The request only
 * writes the row and queues its job (000 "outside the building"); the job sends.
 */
export async function issuePin(
  system: Db,
  { phone, purpose, locale, address }: { phone: string; purpose: TPinPurpose; locale: Locale; address: string | null },
): Promise<TPinAnswer> {
  const block = address ? addressBlock(address) : null;
  const rules: RateRule[] = [
    { key: `pin:wait:${purpose}:${phone}`, max: 1, seconds: PIN_RESEND_SECONDS, messageKey: "api.pinWait" },
    { key: `pin:hour:${phone}`, max: PER_NUMBER_HOUR, seconds: 3600, messageKey: "api.pinThrottled" },
    { key: `pin:day:${phone}`, max: PER_NUMBER_DAY, seconds: 86_400, messageKey: "api.pinThrottled" },
    ...(block ? [{ key: `pin:address:${block}`, max: PER_ADDRESS_HOUR, seconds: 3600, messageKey: "api.pinThrottled" }] : []),
  ];
  await takeRates(system, rules);
  let account = purpose === PIN_PURPOSE.signin ? await signInAccount(system, phone) : null;
  if (account) {
    // A school's limit is not told: a refusal would say that the number is one of its people's.
    try {
      await takeRates(system, [{ key: `pin:school:${account.tenantId}`, max: PER_SCHOOL_HOUR, seconds: 3600, messageKey: "api.pinThrottled" }]);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log().warn({ tenantId: account.tenantId }, "sign-in PIN not sent: the school's hourly limit is reached");
      account = null;
    }
  }
  const send = purpose === PIN_PURPOSE.register || account !== null;
  const code = String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, "0");
  const issuedAt = new Date();
  const fields = {
    codeHash: hashOf(phone, purpose, code).toString("hex"),
    sealed: send ? sealPin(code) : null,
    locale,
    accountId: account?.id ?? null,
    tries: 0,
    issuedAt,
    expiresAt: new Date(issuedAt.getTime() + PIN_VALID_SECONDS * 1000),
    usedAt: null,
    status: send ? "queued" : "skipped",
    channel: null,
    providerId: null,
    error: null,
    attempts: 0,
  };
  await system.$transaction(async (tx) => {
    const row = await tx.phonePin.upsert({ where: { phone_purpose: { phone, purpose } }, create: { phone, purpose, ...fields }, update: fields });
    if (send) await enqueue(tx, PHONE_PIN, [{ data: { pinId: row.id }, key: `pin:${row.id}:${issuedAt.getTime()}` }]);
  });
  return { resendAfter: PIN_RESEND_SECONDS, validFor: PIN_VALID_SECONDS };
}

/** Why a PIN was not accepted. */
export type PinRefusal = "wrong" | "expired" | "used" | "tooMany";

/**
 * Tries a PIN: the try is counted on the row by one conditional UPDATE (only while the PIN is unused, unexpired and
 * under its tries), so that guesses sent at once each spend a try and none passes the limit; the right one is then
 * consumed by a second conditional UPDATE, which only one of two at once wins. Answers the account (sign-in) or the
 * phone's own acceptance, or why it was refused.
 */
export async function usePin(
  system: Db,
  { phone, purpose, code }: { phone: string; purpose: TPinPurpose; code: string },
): Promise<{ ok: true; accountId: number | null } | { ok: false; reason: PinRefusal }> {
  const [row] = await system.$queryRaw<{ id: number; codeHash: string; accountId: number | null }[]>`
    UPDATE "PhonePin" SET "tries" = "tries" + 1, "updatedAt" = (now() AT TIME ZONE 'UTC')
    WHERE "phone" = ${phone} AND "purpose" = ${purpose} AND "usedAt" IS NULL AND "expiresAt" > (now() AT TIME ZONE 'UTC') AND "tries" < ${PIN_MAX_TRIES}
    RETURNING "id", "codeHash", "accountId"`;
  if (!row) {
    const pin = await system.phonePin.findUnique({ where: { phone_purpose: { phone, purpose } } });
    if (!pin) return { ok: false, reason: "wrong" };
    if (pin.usedAt) return { ok: false, reason: "used" };
    if (pin.expiresAt <= new Date()) return { ok: false, reason: "expired" };
    return { ok: false, reason: "tooMany" };
  }
  const expected = Buffer.from(row.codeHash, "hex");
  const given = hashOf(phone, purpose, code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "wrong" };
  const used = await system.phonePin.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date(), sealed: null } });
  return used.count === 1 ? { ok: true, accountId: row.accountId } : { ok: false, reason: "used" };
}
