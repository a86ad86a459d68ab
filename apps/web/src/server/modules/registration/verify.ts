import { PIN_PURPOSE, type TPinVerify, type TPinVerifyAnswer } from "@pizarra/contracts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { fieldRefusal } from "../../http/app-error.ts";
import { type PinRefusal, pinPhoneOf, usePin } from "../session/index.ts";
import { signRegistration } from "./token.ts";

/** The message of each reason a PIN is refused for. */
const PIN_REFUSALS: Record<PinRefusal, string> = { wrong: "api.pinWrong", expired: "api.pinExpired", used: "api.pinUsed", tooMany: "api.pinTooMany" };

/**
 * POST user/mauthpin/verify (our path; 002 §4 "PIN sent, verified"): the registration PIN of the number, tried and
 * consumed; the answer is the registration token company/setup needs. Each refusal says why (wrong, expired, already
 * used, too many tries): a registration PIN goes to any number, so saying so tells nobody about an account.
 */
export async function verifyPin(ctx: BaseContext & { body: TPinVerify }): Promise<Reply<TPinVerifyAnswer>> {
  const phone = pinPhoneOf(ctx, ctx.body.user);
  const used = await usePin(ctx.system, { phone, purpose: PIN_PURPOSE.register, code: ctx.body.code });
  if (!used.ok) throw fieldRefusal("code", ctx.t(PIN_REFUSALS[used.reason]));
  const { token, expiresAt } = await signRegistration(phone);
  return { data: { token, phone, expiresAt: expiresAt.toISOString() }, msgKey: "api.pinVerified" };
}
