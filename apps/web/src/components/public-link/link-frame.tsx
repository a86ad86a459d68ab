"use client";

import { Button, cn } from "@pizarra/ui";
import { CircleAlert, CircleCheck, Clock3, LoaderCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { BrandMark } from "../brand.tsx";
import { LocaleSelect } from "../locale-select.tsx";
import type { Pending } from "./public-request.ts";

/** The frame of a family's page: the brand, the language switch and one column, in the page's language. */
export function Frame({ children }: { children: React.ReactNode }) {
  const t = useTranslations("common");
  const locale = useLocale();
  // The root layout names the language the app was last used in; this page speaks the family's.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <div lang={locale} className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-xl items-center justify-between gap-3 px-4 py-3">
        <span className="flex items-center gap-2 font-semibold">
          <BrandMark />
          {t("appName")}
        </span>
        <LocaleSelect />
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 pb-12">{children}</main>
    </div>
  );
}

/** A page's one message (its h1), or a message under the summary (an h2). */
export function Notice({
  tone,
  title,
  children,
  testId,
  heading = "h1",
}: {
  tone: "ok" | "bad" | "wait";
  title: string;
  children?: React.ReactNode;
  testId: string;
  heading?: "h1" | "h2";
}) {
  const Heading = heading;
  const Icon = tone === "ok" ? CircleCheck : tone === "bad" ? CircleAlert : Clock3;
  return (
    <section
      role={tone === "bad" ? "alert" : "status"}
      className="flex items-start gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-xs"
      data-testid={testId}
    >
      <Icon
        className={cn("mt-0.5 size-6 shrink-0", tone === "ok" ? "text-success" : tone === "bad" ? "text-destructive" : "text-muted-foreground")}
        aria-hidden
      />
      <div className="flex min-w-0 flex-col gap-1.5">
        <Heading className="text-lg font-semibold leading-snug">{title}</Heading>
        {children}
      </div>
    </section>
  );
}

/** A link's page before its data is there: loading, the school out of reach (with a retry), or the link refused. */
export function LinkPending({
  state,
  namespace,
  testId,
  onRetry,
}: {
  state: Pending;
  namespace: "justifyLink" | "unsubscribeLink" | "billing.statement.page";
  testId: string;
  onRetry: () => void;
}) {
  const t = useTranslations(namespace);
  if (state.kind === "loading")
    return (
      <Frame>
        <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status" data-testid={`${testId}-loading`}>
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          {t("loading")}
        </p>
      </Frame>
    );
  if (state.kind === "unreachable")
    return (
      <Frame>
        <Notice tone="bad" title={t("unreachableTitle")} testId={`${testId}-unreachable`}>
          <p className="text-sm">{t("unreachable")}</p>
          <Button variant="outline" className="mt-2 self-start" onClick={onRetry} data-testid={`${testId}-retry`}>
            {t("retry")}
          </Button>
        </Notice>
      </Frame>
    );
  return (
    <Frame>
      <Notice tone="bad" title={state.expired ? t("expiredTitle") : t("invalidTitle")} testId={`${testId}-refused`}>
        {/* The server's reason already says what to do; without one, the page says it. */}
        <p className="text-sm">{state.msg || t("askSchool")}</p>
      </Notice>
    </Frame>
  );
}
