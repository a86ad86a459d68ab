"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type TInviteLinkAnswer, type TInvitePassword, type TLocale, type TLoginAnswer, ZInvitePassword } from "@pizarra/contracts";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, fieldControl, Input, toast } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { SchoolLogo } from "../login/auth-card.tsx";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AFTER_LOGIN_DELAY_MS, startSession } from "@/client/sign-in.ts";
import { useErrorMap } from "@/client/validation.ts";
import { Notice } from "../public-link/link-frame.tsx";
import { publicRequest, usePublicLink } from "../public-link/public-request.ts";

const label = (field: string) => `invite.fields.${field}`;

/** The password form: the API's own schema and messages; on success the person is signed in and taken home. */
function PasswordForm({ token, link }: { token: string; link: TInviteLinkAnswer }) {
  const t = useTranslations("invite");
  const error = useErrorMap(label);
  const locale = useLocale() as TLocale;
  const [signedIn, setSignedIn] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<TInvitePassword>({ resolver: zodResolver(ZInvitePassword, { error }), defaultValues: { password: "", confirm: "" } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await publicRequest<TLoginAnswer>("POST", `user/invite/${encodeURIComponent(token)}`, { locale, body: values });
    if (!answer.ok || !answer.data) {
      const fields = (answer.data as { errors?: Record<string, string> } | null)?.errors ?? {};
      for (const field of ["password", "confirm"] as const) if (fields[field]) form.setError(field, { message: fields[field] }, { shouldFocus: true });
      if (Object.keys(fields).length === 0) setRefusal(answer.msg || t("unreachable"));
      return;
    }
    await startSession(answer.data);
    setSignedIn(true);
    toast.success(answer.msg);
    // A full load: the page was rendered for someone signed out, in the link's language, not the school's.
    window.setTimeout(() => window.location.assign("/"), AFTER_LOGIN_DELAY_MS);
  });
  const busy = isSubmitting || signedIn;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={busy} data-testid="invite-form">
      <Field id="invite-email" label={t("fields.email")}>
        <Input id="invite-email" type="email" value={link.email} readOnly autoComplete="username" data-testid="invite-email" />
      </Field>
      <Field id="invite-password" label={t("fields.password")} error={errors.password?.message} hint={t("rules")}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldControl("invite-password", errors.password?.message)}
          aria-describedby={errors.password ? "invite-password-error invite-password-hint" : "invite-password-hint"}
          {...form.register("password")}
        />
      </Field>
      <Field id="invite-confirm" label={t("fields.confirm")} error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...fieldControl("invite-confirm", errors.confirm?.message)} {...form.register("confirm")} />
      </Field>
      {refusal && (
        <p role="alert" className="text-sm text-destructive" data-testid="invite-refused-submit">
          {refusal}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy} data-testid="invite-submit">
        {busy && <LoaderCircle className="animate-spin" aria-hidden />}
        {signedIn ? t("signingIn") : busy ? t("saving") : t("submit")}
      </Button>
    </form>
  );
}

/**
 * /user/invite/{token}: the link of a staff member's invitation. A link that is not genuine, past its time or already
 * used is refused in the page's language with what to do; a good one greets the person by name and lets them choose
 * their password (the rules of ZNewPassword), after which they are signed in.
 */
export function InvitePage({ token }: { token: string }) {
  const t = useTranslations("invite");
  const { loaded, reload } = usePublicLink<TInviteLinkAnswer>(`user/invite/${encodeURIComponent(token)}`);
  if (loaded.kind === "loading")
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status" data-testid="invite-loading">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        {t("loading")}
      </p>
    );
  if (loaded.kind === "unreachable")
    return (
      <div className="w-full max-w-sm">
        <Notice tone="bad" title={t("unreachableTitle")} testId="invite-unreachable">
          <p className="text-sm">{t("unreachable")}</p>
          <Button variant="outline" className="mt-2 self-start" onClick={reload}>
            {t("retry")}
          </Button>
        </Notice>
      </div>
    );
  if (loaded.kind === "refused")
    return (
      <div className="w-full max-w-sm">
        <Notice tone="bad" title={t("refusedTitle")} testId="invite-refused">
          <p className="text-sm">{loaded.msg || t("askSchool")}</p>
          <Link href="/user/login" className="mt-1 text-sm text-primary underline-offset-4 hover:underline">
            {t("toLogin")}
          </Link>
        </Notice>
      </div>
    );
  const link = loaded.link;
  return (
    <Card className="w-full max-w-sm" data-testid="invite-page">
      <CardHeader>
        {link.logo && <SchoolLogo src={link.logo} alt={t("logoAlt", { school: link.school })} className="mb-2" />}
        <CardTitle className="text-xl">
          <h1>{t("title", { school: link.school })}</h1>
        </CardTitle>
        <CardDescription data-testid="invite-greeting">{t("greeting", { name: link.name })}</CardDescription>
      </CardHeader>
      <CardContent>
        <PasswordForm token={token} link={link} />
      </CardContent>
    </Card>
  );
}
