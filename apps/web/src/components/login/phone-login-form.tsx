"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { STORAGE_KEYS } from "@pizarra/contracts";
import { Button, Field, fieldControl, Input, NativeSelect, toast } from "@pizarra/ui";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { countryOptions, COUNTRY_CODES, regionForCode } from "@/client/country-codes.ts";
import { phoneLoginSchema, type TPhoneLogin } from "@/client/login-schemas.ts";
import { readStorage } from "@/client/preferences.ts";
import { useErrorMap } from "@/client/validation.ts";

/**
 * Cell phone tab (spec 000 §2.3): country code and mobile number, then a PIN field once a PIN has been sent.
 * Sending the PIN (POST user/mauthpin) belongs to a later issue: for now a valid number is remembered (countryCode and
 * mobileNumber are kept on logout) and the person is told to use the e-mail tab.
 */
export function PhoneLoginForm() {
  const t = useTranslations("login");
  const locale = useLocale();
  const error = useErrorMap();
  const [pinSent, setPinSent] = useState(false);
  const options = useMemo(() => countryOptions(locale), [locale]);
  const form = useForm<TPhoneLogin>({
    resolver: zodResolver(phoneLoginSchema(pinSent), { error }),
    defaultValues: {
      countryCode: regionForCode(readStorage(STORAGE_KEYS.countryCode)),
      mobile: readStorage(STORAGE_KEYS.mobileNumber) ?? "",
      pin: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const requestPin = async ({ countryCode, mobile }: TPhoneLogin): Promise<boolean> => {
    const code = COUNTRY_CODES.find((c) => c.region === countryCode)?.code ?? "";
    window.localStorage.setItem(STORAGE_KEYS.countryCode, code);
    window.localStorage.setItem(STORAGE_KEYS.mobileNumber, mobile);
    toast.info(t("phoneUnavailable"), { id: "phone-unavailable" });
    return false;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!pinSent) setPinSent(await requestPin(values));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field id="login-country" label={t("countryCode")} error={errors.countryCode?.message}>
        <NativeSelect autoComplete="tel-country-code" {...fieldControl("login-country", errors.countryCode?.message)} {...form.register("countryCode")}>
          {options.map((option) => (
            <option key={option.region} value={option.region}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="login-mobile" label={t("mobile")} error={errors.mobile?.message}>
        <Input
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={9}
          placeholder={t("mobilePlaceholder")}
          readOnly={pinSent}
          {...fieldControl("login-mobile", errors.mobile?.message)}
          {...form.register("mobile")}
        />
      </Field>
      {pinSent && (
        <Field id="login-pin" label={t("pin")} error={errors.pin?.message} hint={t("pinHint")}>
          <Input inputMode="numeric" autoComplete="one-time-code" {...fieldControl("login-pin", errors.pin?.message)} {...form.register("pin")} />
        </Field>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting} data-testid="login-phone-submit">
        {pinSent ? t("submit") : t("sendPin")}
      </Button>
    </form>
  );
}
