"use client";

import type { TLocale, TMenuItem } from "@pizarra/contracts";
import { Badge, cn } from "@pizarra/ui";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { menuLabel, walkMenu } from "@/client/menu.ts";
import { ReminderSettingsCard } from "../billing/reminder-settings-card.tsx";
import { ModuleIcon } from "../module-icon.tsx";
import { useAppSession } from "../shell/session-context.tsx";
import { CompanyCard } from "./company-card.tsx";
import { FirstHourChecklist } from "./first-hour-checklist.tsx";

interface Group {
  heading: TMenuItem | null;
  cards: Array<{ item: TMenuItem; subheading: TMenuItem | null; hidden: boolean }>;
}

/** One group per top-level menu heading; screens at the top level go to a last "Other" group. */
function groupMenu(menu: TMenuItem[]): Group[] {
  const loose: Group = { heading: null, cards: [] };
  const groups: Group[] = [];
  for (const top of menu) {
    if (top.path !== null) {
      loose.cards.push({ item: top, subheading: null, hidden: top.hidden });
      continue;
    }
    const cards = walkMenu(top.subs)
      .filter(({ item }) => item.path !== null)
      .map(({ item, trail }) => ({
        item,
        subheading: trail.at(-1) ?? null,
        hidden: top.hidden || item.hidden || trail.some((heading) => heading.hidden),
      }));
    if (cards.length > 0) groups.push({ heading: top, cards });
  }
  return loose.cards.length > 0 ? [...groups, loose] : groups;
}

function ModuleCard({ item, subheading, hidden, locale }: Group["cards"][number] & { locale: TLocale }) {
  const t = useTranslations("home");
  const body = (
    <>
      <span
        className={cn("flex size-9 shrink-0 items-center justify-center rounded-md", hidden ? "bg-muted text-muted-foreground" : "bg-primary/10 text-primary")}
      >
        <ModuleIcon name={item.icon} className="size-4.5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate text-sm font-medium">{menuLabel(item, locale)}</span>
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          {subheading && <span className="truncate">{menuLabel(subheading, locale)}</span>}
          {hidden ? <Badge variant="outline">{t("hidden")}</Badge> : !item.write && <Badge variant="secondary">{t("readOnly")}</Badge>}
        </span>
      </span>
    </>
  );
  const shape = "flex min-h-16 items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground";
  if (hidden) {
    // Spec 000 §2.5: hidden modules are shown but cannot be opened from here.
    return (
      <div data-testid={`module-card-${item.ID}`} aria-disabled="true" title={t("hiddenHint")} className={cn(shape, "cursor-not-allowed opacity-55")}>
        {body}
      </div>
    );
  }
  return (
    <Link
      href={item.path!}
      data-testid={`module-card-${item.ID}`}
      className={cn(shape, "shadow-xs outline-none transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring")}
    >
      {body}
    </Link>
  );
}

/** /app/home/start: the module cards, grouped by menu heading (spec 000 §2.5). */
export function ModuleCards() {
  const t = useTranslations("home");
  const locale = useLocale() as TLocale;
  const session = useAppSession();
  const groups = groupMenu(session.menu);
  // The checklist's channel and logo steps open the profile's editor on the company card: each ask a new number.
  const [profileOpening, setProfileOpening] = useState(0);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 p-4 sm:p-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("welcome", { name: session.user.name })}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle", { school: session.tenant.name })}</p>
      </header>
      <FirstHourChecklist onEditProfile={() => setProfileOpening((n) => n + 1)} />
      <CompanyCard opening={profileOpening} />
      <ReminderSettingsCard />
      {groups.length === 0 && <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">{t("empty")}</p>}
      {groups.map((group) => {
        const title = group.heading ? menuLabel(group.heading, locale) : t("other");
        const id = `group-${group.heading?.ID ?? "other"}`;
        return (
          <section key={id} aria-labelledby={id} className="flex flex-col gap-3">
            <h2 id={id} className="flex items-center gap-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              {group.heading && <ModuleIcon name={group.heading.icon} className="size-4" />}
              {title}
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {group.cards.map((card) => (
                <ModuleCard key={card.item.ID} {...card} locale={locale} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
