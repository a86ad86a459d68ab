"use client";

import type { TLocale } from "@pizarra/contracts";
import { useLocale, useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { moduleIdOf } from "@/client/menu.ts";
import type { TSession } from "@/client/session.ts";
import { useMediaQuery } from "@/client/use-media-query.ts";
import { MOBILE_QUERY } from "./breakpoints.ts";
import { Sidebar, type SidebarLayout } from "./sidebar.tsx";
import { Topbar } from "./topbar.tsx";

/** The drawer that holds the menu on phones: its dialog code is fetched on phones only. */
const MobileMenu = dynamic(() => import("./mobile-menu.tsx").then((m) => m.MobileMenu));

/**
 * Spec 000 §2.2: the menu toggle cycles the sidebar by click count modulo 4 among these layouts. Here: the full menu;
 * no menu; an icon rail; an icon rail that opens over the page while the pointer or focus is on it.
 */
const SIDEBAR_LAYOUTS: readonly SidebarLayout[] = ["menu-default", "menu-hidden-main", "menu-hidden-sub", "menu-temporary-show"];

/** Spec 000 §9: menu hidden threshold 1000 (the menu starts as a rail). */
const NARROW_WIDTH = 1000;

export function ShellFrame({ session, children }: { session: TSession; children: React.ReactNode }) {
  const t = useTranslations("shell");
  const locale = useLocale() as TLocale;
  const pathname = usePathname();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [clicks, setClicks] = useState(() => (window.innerWidth < NARROW_WIDTH ? 2 : 0));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [query, setQuery] = useState("");
  const layout = SIDEBAR_LAYOUTS[clicks % SIDEBAR_LAYOUTS.length]!;
  const activeId = moduleIdOf(pathname);

  useEffect(() => setMobileOpen(false), [pathname]);

  const sidebar = (compactLayout: SidebarLayout) => (
    <Sidebar
      menu={session.menu}
      locale={locale}
      activeId={activeId}
      atHome={pathname.startsWith("/app/home")}
      query={query}
      layout={compactLayout}
      onNavigate={() => setQuery("")}
    />
  );

  return (
    <div className="flex h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t("skipToContent")}
      </a>
      <Topbar
        session={session}
        locale={locale}
        menuVisible={isMobile ? mobileOpen : layout !== "menu-hidden-main"}
        onToggleMenu={() => (isMobile ? setMobileOpen((open) => !open) : setClicks((count) => count + 1))}
        query={query}
        onQueryChange={setQuery}
      />
      <div className="relative flex min-h-0 flex-1">
        {isMobile ? (
          <MobileMenu open={mobileOpen} onOpenChange={setMobileOpen} tenantName={session.tenant.name}>
            {sidebar("menu-default")}
          </MobileMenu>
        ) : (
          layout !== "menu-hidden-main" && sidebar(layout)
        )}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 overflow-y-auto outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
