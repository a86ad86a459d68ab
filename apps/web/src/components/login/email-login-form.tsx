"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ZLoginForm, type TLoginAnswer, type TLoginForm } from "@pizarra/contracts";
import { Button, FieldError, Input, Label, toast } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { api } from "@/client/api.ts";
import { AFTER_LOGIN_DELAY_MS, startSession } from "@/client/sign-in.ts";
import { useErrorMap } from "@/client/validation.ts";

/** E-mail and password (spec 000 §2.3), validated with the API's own schema and the spec's messages. */
export function EmailLoginForm() {
  const t = useTranslations("login");
  const router = useRouter();
  const error = useErrorMap();
  const [signedIn, setSignedIn] = useState(false);
  const form = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm, { error }),
    defaultValues: { user: "", pass: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await api.post<TLoginAnswer>("admStaff/login", { ext: "", ...values }, { query: { adm: "true" } });
    if (!result.ok) {
      // HTTP 422 names the fields the server refused; show them where they belong as well.
      const fieldErrors = (result.envelope.data as { errors?: Record<string, string> } | null)?.errors ?? {};
      for (const field of ["user", "pass"] as const) {
        if (fieldErrors[field]) form.setError(field, { message: fieldErrors[field] }, { shouldFocus: true });
      }
      return;
    }
    const fullLoad = await startSession(result.envelope.data);
    if (result.envelope.msg) toast.success(result.envelope.msg);
    setSignedIn(true);
    window.setTimeout(() => (fullLoad ? window.location.assign("/") : router.replace("/")), AFTER_LOGIN_DELAY_MS);
  });

  const busy = isSubmitting || signedIn;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={busy}>
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-user">{t("email")}</Label>
        <Input
          id="login-user"
          type="email"
          autoComplete="username"
          placeholder={t("emailPlaceholder")}
          data-testid="login-user"
          aria-invalid={errors.user ? true : undefined}
          aria-describedby={errors.user ? "login-user-error" : undefined}
          {...form.register("user")}
        />
        <FieldError id="login-user-error">{errors.user?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-pass">{t("password")}</Label>
        <Input
          id="login-pass"
          type="password"
          autoComplete="current-password"
          data-testid="login-pass"
          aria-invalid={errors.pass ? true : undefined}
          aria-describedby={errors.pass ? "login-pass-error" : undefined}
          {...form.register("pass")}
        />
        <FieldError id="login-pass-error">{errors.pass?.message}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={busy} data-testid="login-submit">
        {busy && <LoaderCircle className="animate-spin" aria-hidden />}
        {busy ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
