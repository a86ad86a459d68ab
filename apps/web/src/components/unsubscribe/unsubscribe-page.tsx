"use client";

import type { TLocale } from "@pizarra/contracts";
import { Button } from "@pizarra/ui";
import { LoaderCircle, MailX } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { Frame, LinkPending, Notice, type Pending } from "../justify-link/justify-link-page.tsx";
import { publicRequest } from "../justify-link/public-request.ts";

/** GET and POST unsubscribe/{token}'s data. */
interface LinkState {
  school: string;
  firstName: string;
  channel: string;
  unsubscribed: boolean;
}

type Loaded = Pending | { kind: "ready"; link: LinkState; now: boolean };

/**
 * The page behind an e-mail's unsubscribe link, for a mail client without one-click (no account, no shell): opening
 * it changes nothing (a link scanner opens it too); the person's button does (POST unsubscribe/{token}), and the
 * page says the school will no longer write to them by e-mail.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const t = useTranslations("unsubscribeLink");
  const locale = useLocale() as TLocale;
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState("");
  const path = `unsubscribe/${encodeURIComponent(token)}`;

  const answered = useCallback((answer: Awaited<ReturnType<typeof publicRequest<LinkState>>>, now: boolean) => {
    if (answer.ok && answer.data) setLoaded({ kind: "ready", link: answer.data, now });
    else if (answer.status === 0) setLoaded({ kind: "unreachable" });
    else setLoaded({ kind: "refused", expired: answer.status === -410, msg: answer.msg });
  }, []);
  const load = useCallback(() => {
    setLoaded({ kind: "loading" });
    void publicRequest<LinkState>("GET", path, { locale }).then((answer) => answered(answer, false));
  }, [path, locale, answered]);
  useEffect(load, [load]);

  const confirm = async () => {
    setWorking(true);
    setFailure("");
    const answer = await publicRequest<LinkState>("POST", path, { locale, body: {} });
    setWorking(false);
    if (answer.status === 0) setFailure(t("unreachable"));
    else answered(answer, true);
  };

  if (loaded.kind !== "ready") return <LinkPending state={loaded} namespace="unsubscribeLink" testId="unsubscribe" onRetry={load} />;
  const { link, now } = loaded;
  if (link.unsubscribed)
    return (
      <Frame>
        <Notice tone="ok" title={now ? t("doneTitle") : t("alreadyTitle")} testId="unsubscribe-done">
          <p className="text-sm">{now ? t("done", { school: link.school }) : t("already", { school: link.school })}</p>
        </Notice>
      </Frame>
    );
  return (
    <Frame>
      <section
        aria-labelledby="unsubscribe-title"
        className="flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-xs"
        data-testid="unsubscribe-ask"
      >
        <p className="text-sm text-muted-foreground">{link.school}</p>
        <h1 id="unsubscribe-title" className="text-xl font-semibold leading-snug">
          {t("title")}
        </h1>
        {link.firstName && (
          <p className="text-sm" data-testid="unsubscribe-greeting">
            {t("greeting", { name: link.firstName })}
          </p>
        )}
        <p className="text-sm">{t("body", { school: link.school })}</p>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
        <Button className="self-start" onClick={confirm} disabled={working} data-testid="unsubscribe-confirm">
          {working ? <LoaderCircle className="animate-spin" aria-hidden /> : <MailX aria-hidden />}
          {working ? t("working") : t("button")}
        </Button>
      </section>
    </Frame>
  );
}
