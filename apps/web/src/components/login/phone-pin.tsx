"use client";

import { STORAGE_KEYS, type TPinAnswer, type TPinPurpose, type TPinRequest } from "@pizarra/contracts";
import { Button, Field, fieldControl, Input, NativeSelect, toast } from "@pizarra/ui";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from "react-hook-form";
import { api } from "@/client/api.ts";
import { COUNTRY_CODES, countryOptions } from "@/client/country-codes.ts";

/** The calling code of a region of the list ("PE" → "51"). */
export const callingCode = (region: string) => COUNTRY_CODES.find((c) => c.region === region)?.code ?? "";

/**
 * Asking for a PIN (POST user/mauthpin) and the wait before a new one may be asked for, counted down from the
 * server's `resendAfter`. The number is remembered (countryCode and mobileNumber survive logout, 000 §4).
 */
export function usePinRequest(purpose: TPinPurpose) {
  const [sent, setSent] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (resendAt <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [resendAt, now]);
  const send = async (region: string, mobile: string): Promise<boolean> => {
    const code = callingCode(region);
    window.localStorage.setItem(STORAGE_KEYS.countryCode, code);
    window.localStorage.setItem(STORAGE_KEYS.mobileNumber, mobile);
    const body: TPinRequest = { user: `${code}${mobile}`, ...(purpose === "signin" ? { admin: true } : { purpose }) };
    const result = await api.post<TPinAnswer>("user/mauthpin", body);
    if (!result.ok) return false;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    setSent(true);
    setResendAt(Date.now() + result.envelope.data.resendAfter * 1000);
    setNow(Date.now());
    return true;
  };
  return { sent, send, reset: () => setSent(false), secondsLeft: Math.max(0, Math.ceil((resendAt - now) / 1000)) };
}

/**
 * Country code and mobile number (000 §2.3), registered in the caller's form under `countryCode` and `mobile`. Once a
 * PIN is sent the number is read-only ("Change number" frees it); the country stays a live field, since a disabled one
 * would have no value for the form.
 */
export function PhoneNumberFields({
  idPrefix,
  register,
  errors,
  locked,
}: {
  idPrefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: the two forms share these two fields, and only these
  register: UseFormRegister<any>;
  errors: FieldErrors<{ countryCode: string; mobile: string }>;
  locked: boolean;
}) {
  const t = useTranslations("login");
  const locale = useLocale();
  const options = useMemo(() => countryOptions(locale), [locale]);
  return (
    <>
      <Field id={`${idPrefix}-country`} label={t("countryCode")} error={errors.countryCode?.message}>
        <NativeSelect autoComplete="tel-country-code" {...fieldControl(`${idPrefix}-country`, errors.countryCode?.message)} {...register("countryCode")}>
          {options.map((option) => (
            <option key={option.region} value={option.region}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${idPrefix}-mobile`} label={t("mobile")} error={errors.mobile?.message}>
        <Input
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={9}
          placeholder={t("mobilePlaceholder")}
          readOnly={locked}
          {...fieldControl(`${idPrefix}-mobile`, errors.mobile?.message)}
          {...register("mobile")}
        />
      </Field>
    </>
  );
}

/** The PIN field, shown once a PIN was sent (000 §4). */
export function PinField({ idPrefix, hint, error, field }: { idPrefix: string; hint: string; error?: string; field: UseFormRegisterReturn }) {
  const t = useTranslations("login");
  const id = `${idPrefix}-pin`;
  return (
    <Field id={id} label={t("pin")} error={error} hint={hint}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...fieldControl(id, error)}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        {...field}
      />
    </Field>
  );
}

/**
 * A new PIN to the same number once the wait is over (the wait shown meanwhile), and going back to change the number
 * (which clears the PIN typed).
 */
export function ResendPin({
  idPrefix,
  pin,
  number,
  clearPin,
}: {
  idPrefix: string;
  pin: ReturnType<typeof usePinRequest>;
  number: () => { countryCode: string; mobile: string };
  clearPin: () => void;
}) {
  const t = useTranslations("login");
  const { secondsLeft } = pin;
  return (
    <div className="flex flex-col items-center gap-1 text-sm">
      {secondsLeft > 0 ? (
        <p className="text-muted-foreground" aria-live="polite" data-testid={`${idPrefix}-resend-wait`}>
          {t("resendIn", { seconds: secondsLeft })}
        </p>
      ) : (
        <Button
          type="button"
          variant="link"
          size="sm"
          onClick={() => {
            const { countryCode, mobile } = number();
            void pin.send(countryCode, mobile);
          }}
          data-testid={`${idPrefix}-resend`}
        >
          {t("resendPin")}
        </Button>
      )}
      <Button
        type="button"
        variant="link"
        size="sm"
        onClick={() => {
          pin.reset();
          clearPin();
        }}
        data-testid={`${idPrefix}-change`}
      >
        {t("changeNumber")}
      </Button>
    </div>
  );
}
