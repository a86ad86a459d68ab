import { PIN_PURPOSE, type TPinAnswer, type TPinRequest } from "@pizarra/contracts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { fieldRefusal } from "../../http/app-error.ts";
import { issuePin, pinPhone } from "./pin.ts";

/** The number a PIN call names, in E.164, or a refusal of the field in the caller's language. */
export function pinPhoneOf(ctx: BaseContext, user: string): string {
  const phone = pinPhone(user);
  if (!phone) throw fieldRefusal("user", ctx.t("register.phoneInvalid", { attribute: ctx.t("register.fields.user") }));
  return phone;
}

/**
 * POST user/mauthpin (002 §7): a PIN to the number, for signing in (the spec client's `admin`, true or absent) or for
 * registering a school (`purpose: "register"`). The answer is the same whether or not the number has an account.
 */
export async function requestPin(ctx: BaseContext & { body: TPinRequest }): Promise<Reply<TPinAnswer>> {
  const phone = pinPhoneOf(ctx, ctx.body.user);
  const purpose = ctx.body.purpose ?? PIN_PURPOSE.signin;
  const data = await issuePin(ctx.system, { phone, purpose, locale: ctx.locale, address: ctx.address });
  return { data, msgKey: purpose === PIN_PURPOSE.signin ? "api.pinSentSignIn" : "api.pinSent" };
}
