"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  STORAGE_KEYS,
  type TCompanySetup,
  type TCompanySetupAnswer,
  type TPinVerify,
  type TPinVerifyAnswer,
  type TPlan,
  type TRegisterForm,
  ZRegisterForm,
} from "@pizarra/contracts";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Button,
  CardContent,
  Field,
  fieldControl,
  Input,
  NativeSelect,
} from "@pizarra/ui";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { api } from "@/client/api.ts";
import { countryOptions, regionForCode } from "@/client/country-codes.ts";
import { phoneLoginSchema, type TPhoneLogin } from "@/client/login-schemas.ts";
import { readStorage } from "@/client/preferences.ts";
import { HOME_PATH, schoolLoginPath } from "@/client/sign-in.ts";
import { useErrorMap } from "@/client/validation.ts";
import { AuthCard } from "../login/auth-card.tsx";
import { callingCode, PhoneNumberFields, PinField, ResendPin, usePinRequest } from "../login/phone-pin.tsx";
import { useFinishSignIn } from "../login/use-finish-sign-in.ts";

const labelKey = (field: string) => `register.fields.${field}`;

/**
 * Self-registration (002 §2 "Login and registration", §4): the phone step (a PIN sent by WhatsApp, POST user/mauthpin
 * with purpose "register"), the PIN verified (POST user/mauthpin/verify, which answers a registration token), then the
 * company fields and Register (POST company/setup); a dialog then launches the new school's administrator.
 */
export function RegisterView({ plan }: { plan: TPlan }) {
  const t = useTranslations("register");
  const [verified, setVerified] = useState<TPinVerifyAnswer | null>(null);
  const [done, setDone] = useState<TCompanySetupAnswer | null>(null);
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} className="max-w-md">
      <CardContent className="flex flex-col gap-6">
        {verified ? (
          <>
            <p className="flex items-center gap-2 text-sm" data-testid="register-verified">
              <CircleCheck className="size-4 text-primary" aria-hidden />
              {t("verified", { phone: verified.phone })}
            </p>
            <CompanyForm token={verified.token} phone={verified.phone} plan={plan} onDone={setDone} />
          </>
        ) : (
          <PhoneStep onVerified={setVerified} />
        )}
        <Link
          href="/user/login"
          className="self-center rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t("haveAccount")}
        </Link>
      </CardContent>
      {done && <LaunchDialog answer={done} />}
    </AuthCard>
  );
}

/** The number, its PIN, and the PIN verified. */
function PhoneStep({ onVerified }: { onVerified: (answer: TPinVerifyAnswer) => void }) {
  const t = useTranslations("register");
  const tl = useTranslations("login");
  const error = useErrorMap();
  const pin = usePinRequest("register");
  const form = useForm<TPhoneLogin>({
    resolver: zodResolver(phoneLoginSchema(pin.sent), { error }),
    defaultValues: { countryCode: regionForCode(readStorage(STORAGE_KEYS.countryCode)), mobile: readStorage(STORAGE_KEYS.mobileNumber) ?? "", pin: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ countryCode, mobile, pin: code }) => {
    if (!pin.sent) {
      if (await pin.send(countryCode, mobile)) form.setFocus("pin");
      return;
    }
    const body: TPinVerify = { user: `${callingCode(countryCode)}${mobile}`, code: code ?? "", purpose: "register" };
    const result = await api.post<TPinVerifyAnswer & { errors?: Record<string, string> }>("user/mauthpin/verify", body, { notify: false });
    if (result.ok) onVerified(result.envelope.data);
    else form.setError("pin", { message: result.envelope.data?.errors?.code ?? result.envelope.msg }, { shouldFocus: true });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={isSubmitting}>
      <h2 className="text-sm font-semibold">{pin.sent ? t("pinStep") : t("phoneStep")}</h2>
      <PhoneNumberFields idPrefix="register" register={form.register} errors={errors} locked={pin.sent} />
      {pin.sent && <PinField idPrefix="register" hint={t("pinHint")} error={errors.pin?.message} field={form.register("pin")} />}
      <Button type="submit" className="w-full" disabled={isSubmitting} data-testid="register-phone-submit">
        {isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
        {pin.sent ? (isSubmitting ? t("verifying") : t("verify")) : isSubmitting ? tl("sendingPin") : tl("sendPin")}
      </Button>
      {pin.sent && <ResendPin idPrefix="register" pin={pin} number={() => form.getValues()} clearPin={() => form.setValue("pin", "")} />}
    </form>
  );
}

const TEXT_FIELDS = [
  ["name", "organization", "text"],
  ["email", "email", "email"],
] as const;

/** The company and its first administrator (002 §3 "Registration"; the plan is a hidden field). */
function CompanyForm({ token, phone, plan, onDone }: { token: string; phone: string; plan: TPlan; onDone: (answer: TCompanySetupAnswer) => void }) {
  const t = useTranslations("register");
  const locale = useLocale();
  const error = useErrorMap(labelKey);
  const codes = useMemo(() => countryOptions(locale), [locale]);
  const ownCode = codes.find((c) => phone.startsWith(`+${c.code}`) && c.region === regionForCode(c.code))?.code ?? "51";
  const form = useForm<TRegisterForm>({
    resolver: zodResolver(ZRegisterForm, { error }),
    defaultValues: { name: "", email: "", countryCode2: ownCode, cel: "", alias: "", plan, adminName: "", adminLast: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const body: TCompanySetup = { ...values, token };
    const result = await api.post<TCompanySetupAnswer & { errors?: Record<string, string> }>("company/setup", body);
    if (result.ok) return onDone(result.envelope.data);
    const refused = result.envelope.data?.errors ?? {};
    for (const [field, message] of Object.entries(refused)) {
      if (field in values) form.setError(field as FieldPath<TRegisterForm>, { message }, { shouldFocus: true });
    }
  });
  const text = (name: FieldPath<TRegisterForm>, autoComplete: string, type = "text", hint?: string) => (
    <Field key={name} id={`register-${name}`} label={capitalised(t(`fields.${name}`))} error={errors[name]?.message} hint={hint}>
      <Input type={type} autoComplete={autoComplete} {...fieldControl(`register-${name}`, errors[name]?.message)} {...form.register(name)} />
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={isSubmitting}>
      <h2 className="text-sm font-semibold">{t("companyStep")}</h2>
      {TEXT_FIELDS.map(([name, autoComplete, type]) => text(name, autoComplete, type))}
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
        <Field id="register-countryCode2" label={capitalised(t("fields.countryCode2"))} error={errors.countryCode2?.message}>
          <NativeSelect {...fieldControl("register-countryCode2", errors.countryCode2?.message)} {...form.register("countryCode2")}>
            {codes.map((c) => (
              <option key={c.region} value={c.code}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="register-cel" label={capitalised(t("fields.cel"))} error={errors.cel?.message}>
          <Input
            type="tel"
            inputMode="numeric"
            maxLength={9}
            autoComplete="tel-national"
            {...fieldControl("register-cel", errors.cel?.message)}
            {...form.register("cel")}
          />
        </Field>
      </div>
      {text("alias", "off", "text", t("aliasHint"))}
      <input type="hidden" {...form.register("plan")} />
      <h2 className="text-sm font-semibold">{t("adminStep")}</h2>
      {text("adminName", "given-name")}
      {text("adminLast", "family-name")}
      {text("password", "new-password", "password", t("passwordHint"))}
      <Button type="submit" className="w-full" disabled={isSubmitting} data-testid="register-submit">
        {isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}

const capitalised = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/** After success (002 §4): the school is ready; launching signs its administrator in and opens its home. */
function LaunchDialog({ answer }: { answer: TCompanySetupAnswer }) {
  const t = useTranslations("register");
  const { finish, signedIn } = useFinishSignIn();
  return (
    <AlertDialog open>
      <AlertDialogContent data-testid="register-done">
        <AlertDialogHeader>
          <AlertDialogTitle>{t("doneTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("doneText", { name: answer.login.companyName, alias: answer.alias })}</AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm">
          {t("signInPage")}{" "}
          <span className="break-all font-medium" data-testid="register-login-link">
            {`${window.location.origin}${schoolLoginPath(answer.alias)}`}
          </span>
        </p>
        <AlertDialogFooter>
          <Button type="button" disabled={signedIn} onClick={() => void finish(answer.login, null, HOME_PATH)} data-testid="register-launch">
            {signedIn && <LoaderCircle className="animate-spin" aria-hidden />}
            {t("launch")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
