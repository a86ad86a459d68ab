"use client";

import type { TAdmLogin, TLoginAnswer, TLoginForm } from "@pizarra/contracts";
import { Button, Field, fieldControl, Input, whenIdle } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { PrefetchKind } from "next/dist/client/components/router-reducer/router-reducer-types";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { api } from "@/client/api.ts";
import { HOME_PATH } from "@/client/sign-in.ts";
import { useErrorMap } from "@/client/validation.ts";
import { useFinishSignIn } from "./use-finish-sign-in.ts";

/**
 * The form's checks come apart from the page, when it is first idle (a person is still typing) or at the first check
 * if that comes sooner: the page paints without zod.
 */
const checks = () => import("./login-resolver.ts");

/** E-mail and password (spec 000 §2.3), validated with the API's own schema and the spec's messages. */
export function EmailLoginForm() {
  const t = useTranslations("login");
  const router = useRouter();
  const error = useErrorMap();
  const { finish, signedIn } = useFinishSignIn();
  useEffect(
    () =>
      whenIdle(() => {
        void checks().catch(() => {});
        // Where signing in leads ('/', which forwards to the home screen), data and code, fetched while the person types:
        // the spec's pause after the answer then finds both.
        for (const path of ["/", HOME_PATH]) router.prefetch(path, { kind: PrefetchKind.FULL });
      }),
    [router],
  );
  const resolver: Resolver<TLoginForm> = async (values, context, options) => (await checks()).loginResolver(error)(values, context, options);
  const form = useForm<TLoginForm>({ resolver, defaultValues: { user: "", pass: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await api.post<TLoginAnswer>("admStaff/login", { ext: "", ...values } satisfies TAdmLogin, { query: { adm: "true" } });
    if (!result.ok) {
      // HTTP 422 names the fields the server refused; show them where they belong as well.
      const fieldErrors = (result.envelope.data as { errors?: Record<string, string> } | null)?.errors ?? {};
      for (const field of ["user", "pass"] as const) {
        if (fieldErrors[field]) form.setError(field, { message: fieldErrors[field] }, { shouldFocus: true });
      }
      return;
    }
    await finish(result.envelope.data, result.envelope.msg);
  });

  const busy = isSubmitting || signedIn;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={busy}>
      <Field id="login-user" label={t("email")} error={errors.user?.message}>
        <Input
          type="email"
          autoComplete="username"
          placeholder={t("emailPlaceholder")}
          {...fieldControl("login-user", errors.user?.message)}
          {...form.register("user")}
        />
      </Field>
      <Field id="login-pass" label={t("password")} error={errors.pass?.message}>
        <Input type="password" autoComplete="current-password" {...fieldControl("login-pass", errors.pass?.message)} {...form.register("pass")} />
      </Field>
      <Button type="submit" className="w-full" disabled={busy} data-testid="login-submit">
        {busy && <LoaderCircle className="animate-spin" aria-hidden />}
        {busy ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
