"use client";

import type { TLocale } from "@pizarra/contracts";
import { Button, Separator, TOPBAR_HEIGHT_VAR, WithTooltip } from "@pizarra/ui";
import { Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useLayoutEffect, useRef } from "react";
import type { TSession } from "@/client/session.ts";
import { BrandMark } from "../brand.tsx";
import { LocaleSelect } from "../locale-select.tsx";
import { FullscreenToggle } from "./fullscreen-toggle.tsx";
import { NotificationsBell } from "./notifications-bell.tsx";
import { SearchBox } from "./search-box.tsx";
import { SupportSheet } from "./support-sheet.tsx";
import { TenantSelect } from "./tenant-select.tsx";
import { ThemeControls } from "./theme-controls.tsx";
import { UserMenu } from "./user-menu.tsx";

interface TopbarProps {
  session: TSession;
  locale: TLocale;
  menuVisible: boolean;
  onToggleMenu: () => void;
  query: string;
  onQueryChange: (query: string) => void;
}

/** The top bar's height, for the toasts to come in under it (`TOPBAR_HEIGHT_VAR` in packages/ui's Toaster). */
function useHeightVar(ref: React.RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(TOPBAR_HEIGHT_VAR, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOPBAR_HEIGHT_VAR);
    };
  }, [ref]);
}

/** Spec 000 §2.2: the top bar of the application shell. */
export function Topbar({ session, locale, menuVisible, onToggleMenu, query, onQueryChange }: TopbarProps) {
  const t = useTranslations("shell");
  const tc = useTranslations("common");
  const ref = useRef<HTMLElement>(null);
  useHeightVar(ref);
  return (
    <header ref={ref} className="flex min-h-14 shrink-0 items-center gap-2 border-b bg-header px-2 max-md:flex-wrap max-md:py-2 sm:px-3">
      <WithTooltip label={t("menuToggle")}>
        <Button
          variant="ghost"
          size="icon"
          data-testid="menu-toggle"
          aria-label={t("menuToggle")}
          aria-controls="app-sidebar"
          aria-expanded={menuVisible}
          onClick={onToggleMenu}
        >
          <Menu aria-hidden />
        </Button>
      </WithTooltip>
      <Link
        href="/app/home/start"
        className="hidden min-w-0 items-center gap-2 rounded-md pr-2 outline-none focus-visible:ring-2 focus-visible:ring-ring lg:flex"
      >
        {session.tenant.logo ? (
          // The school's own logo (its company profile), a signed link to a stored file: next/image would only proxy it.
          <img src={session.tenant.logo} alt="" className="size-7 shrink-0 rounded-md border bg-white object-contain" data-testid="shell-school-logo" />
        ) : (
          <BrandMark className="size-7" />
        )}
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="text-sm font-semibold">{tc("appName")}</span>
          <span className="max-w-40 truncate text-xs text-muted-foreground">{session.tenant.name}</span>
        </span>
      </Link>
      <SearchBox menu={session.menu} locale={locale} query={query} onQueryChange={onQueryChange} />
      {/* On phones this group wraps to a second, scrollable row; the bell and the user menu stay on the first. */}
      <div className="ml-auto flex min-w-0 items-center gap-1 max-md:order-last max-md:w-full max-md:overflow-x-auto sm:gap-1.5">
        {session.tenants.length > 1 && <TenantSelect tenants={session.tenants} currentId={session.tenant.id} />}
        <LocaleSelect />
        <Separator orientation="vertical" className="mx-1 hidden h-6! sm:block" />
        <FullscreenToggle />
        <ThemeControls />
        <Separator orientation="vertical" className="mx-1 hidden h-6! sm:block" />
        <SupportSheet defaultSender={session.user.email ?? ""} />
      </div>
      <div className="flex shrink-0 items-center gap-1 max-md:ml-auto sm:gap-1.5">
        <NotificationsBell />
        <UserMenu user={session.user} schoolName={session.tenant.name} />
      </div>
    </header>
  );
}
