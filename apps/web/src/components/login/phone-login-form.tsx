"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { STORAGE_KEYS, type TLoginAnswer, type TUserLogin } from "@pizarra/contracts";
import { Button } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { regionForCode } from "@/client/country-codes.ts";
import { phoneLoginSchema, type TPhoneLogin } from "@/client/login-schemas.ts";
import { api } from "@/client/api.ts";
import { readStorage } from "@/client/preferences.ts";
import { useErrorMap } from "@/client/validation.ts";
import { callingCode, PhoneNumberFields, PinField, ResendPin, usePinRequest } from "./phone-pin.tsx";
import { useFinishSignIn } from "./use-finish-sign-in.ts";

/**
 * Cell phone tab (spec 000 §2.3): country code and mobile number; "Send PIN" asks for one (POST user/mauthpin), and
 * only then does the PIN field appear (000 §4), with a new PIN offered once the wait is over. Signing in is POST
 * user/login with the phone and the PIN, finished as the e-mail tab finishes it.
 */
export function PhoneLoginForm() {
  const t = useTranslations("login");
  const error = useErrorMap();
  const pin = usePinRequest("signin");
  const { finish, signedIn } = useFinishSignIn();
  const form = useForm<TPhoneLogin>({
    resolver: zodResolver(phoneLoginSchema(pin.sent), { error }),
    defaultValues: {
      countryCode: regionForCode(readStorage(STORAGE_KEYS.countryCode)),
      mobile: readStorage(STORAGE_KEYS.mobileNumber) ?? "",
      pin: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ countryCode, mobile, pin: code }) => {
    if (!pin.sent) {
      if (await pin.send(countryCode, mobile)) form.setFocus("pin");
      return;
    }
    const body: TUserLogin = { user: `+${callingCode(countryCode)}${mobile}`, pass: code ?? "", admin: true };
    const result = await api.post<TLoginAnswer>("user/login", body);
    if (result.ok) await finish(result.envelope.data, result.envelope.msg);
  });

  const busy = isSubmitting || signedIn;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={busy}>
      <PhoneNumberFields idPrefix="login" register={form.register} errors={errors} locked={pin.sent} />
      {pin.sent && <PinField idPrefix="login" hint={t("pinHint")} error={errors.pin?.message} field={form.register("pin")} />}
      <Button type="submit" className="w-full" disabled={busy} data-testid="login-phone-submit">
        {busy && <LoaderCircle className="animate-spin" aria-hidden />}
        {pin.sent ? (busy ? t("submitting") : t("submit")) : busy ? t("sendingPin") : t("sendPin")}
      </Button>
      {pin.sent && <ResendPin idPrefix="login" pin={pin} number={() => form.getValues()} clearPin={() => form.setValue("pin", "")} />}
    </form>
  );
}
