"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { STORAGE_KEYS } from "@pizarra/contracts";
import { Button, FieldError, Input, Label, NativeSelect, toast } from "@pizarra/ui";
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
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-country">{t("countryCode")}</Label>
        <NativeSelect
          id="login-country"
          autoComplete="tel-country-code"
          data-testid="login-country"
          aria-invalid={errors.countryCode ? true : undefined}
          {...form.register("countryCode")}
        >
          {options.map((option) => (
            <option key={option.region} value={option.region}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <FieldError>{errors.countryCode?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-mobile">{t("mobile")}</Label>
        <Input
          id="login-mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={9}
          placeholder={t("mobilePlaceholder")}
          readOnly={pinSent}
          data-testid="login-mobile"
          aria-invalid={errors.mobile ? true : undefined}
          aria-describedby={errors.mobile ? "login-mobile-error" : undefined}
          {...form.register("mobile")}
        />
        <FieldError id="login-mobile-error">{errors.mobile?.message}</FieldError>
      </div>
      {pinSent && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="login-pin">{t("pin")}</Label>
          <Input
            id="login-pin"
            inputMode="numeric"
            autoComplete="one-time-code"
            data-testid="login-pin"
            aria-invalid={errors.pin ? true : undefined}
            aria-describedby="login-pin-hint"
            {...form.register("pin")}
          />
          <p id="login-pin-hint" className="text-xs text-muted-foreground">
            {t("pinHint")}
          </p>
          <FieldError>{errors.pin?.message}</FieldError>
        </div>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting} data-testid="login-phone-submit">
        {pinSent ? t("submit") : t("sendPin")}
      </Button>
    </form>
  );
}
