"use client";

import type { TUnsubscribeAnswer } from "@pizarra/contracts";
import { Button } from "@pizarra/ui";
import { LoaderCircle, MailX } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Frame, LinkPending, Notice } from "../public-link/link-frame.tsx";
import { loadedFrom, publicRequest, usePublicLink } from "../public-link/public-request.ts";

/**
 * The page behind an e-mail's unsubscribe link, for a mail client without one-click (no account, no shell): opening
 * it changes nothing (a link scanner opens it too); the person's button does (POST unsubscribe/{token}), and the
 * page says the school will no longer write to them by e-mail.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const t = useTranslations("unsubscribeLink");
  const path = `unsubscribe/${encodeURIComponent(token)}`;
  const { loaded, reload, show, locale } = usePublicLink<TUnsubscribeAnswer>(path);
  /** Whether the state shown is the button's answer (done now) rather than the link's as it was opened. */
  const [now, setNow] = useState(false);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState("");

  const confirm = async () => {
    setWorking(true);
    setFailure("");
    const answer = await publicRequest<TUnsubscribeAnswer>("POST", path, { locale, body: {} });
    setWorking(false);
    if (!answer.reached) setFailure(t("unreachable"));
    else {
      setNow(true);
      show(loadedFrom(answer));
    }
  };

  if (loaded.kind !== "ready") return <LinkPending state={loaded} namespace="unsubscribeLink" testId="unsubscribe" onRetry={reload} />;
  const { link } = loaded;
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
