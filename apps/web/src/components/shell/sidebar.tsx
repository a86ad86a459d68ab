"use client";

import type { TLocale, TMenuItem } from "@pizarra/contracts";
import { cn, WithTooltip } from "@pizarra/ui";
import { ChevronRight, House } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { findMenuItem, menuLabel, pruneMenu, searchMenu, visibleMenu } from "@/client/menu.ts";
import { ModuleIcon } from "../module-icon.tsx";

export type SidebarLayout = "menu-default" | "menu-hidden-main" | "menu-hidden-sub" | "menu-temporary-show";

interface SidebarProps {
  menu: TMenuItem[];
  locale: TLocale;
  activeId: string | null;
  atHome: boolean;
  /** The top bar's search text: the menu shows only what matches, opened. */
  query: string;
  layout: SidebarLayout;
  onNavigate: () => void;
}

const itemClass =
  "flex w-full min-w-0 cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-1.5 text-left text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring";
const activeClass = "bg-primary/10 font-medium text-primary hover:bg-primary/15 hover:text-primary";

/**
 * The menu tree of local storage menu_items (spec 000 §2.1): up to three levels, labels by locale, hidden entries left
 * out, the current module highlighted and its headings open. A heading toggles its children.
 */
export function Sidebar({ menu, locale, activeId, atHome, query, layout, onNavigate }: SidebarProps) {
  const t = useTranslations("shell");
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [hovering, setHovering] = useState(false);
  const [peeking, setPeeking] = useState(false);

  const searching = query.trim() !== "";
  const items = useMemo(() => {
    const visible = visibleMenu(menu);
    return searching ? pruneMenu(visible, new Set(searchMenu(visible, query, locale).map((hit) => hit.item.ID))) : visible;
  }, [menu, query, locale, searching]);

  // Open the headings above the current module whenever it changes.
  useEffect(() => {
    const trail = activeId ? findMenuItem(menu, activeId)?.trail : undefined;
    if (trail?.length) setOpen((current) => new Set([...current, ...trail.map((heading) => heading.ID)]));
  }, [menu, activeId]);

  const rail = layout === "menu-hidden-sub" || layout === "menu-temporary-show";
  const expanded = !rail || peeking || (layout === "menu-temporary-show" && hovering);
  const compact = !expanded;

  const toggle = (id: string) => {
    if (compact) {
      setPeeking(true);
      setOpen((current) => new Set([...current, id]));
      return;
    }
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };

  const navigate = () => {
    setPeeking(false);
    setHovering(false);
    onNavigate();
  };

  const renderItem = (item: TMenuItem, depth: number): React.ReactNode => {
    const label = menuLabel(item, locale);
    const isHeading = item.path === null;
    const isOpen = searching || open.has(item.ID);
    const indent = compact ? "" : depth === 1 ? "pl-7" : depth === 2 ? "pl-11" : "";
    const content = (
      <>
        {depth === 0 || compact ? <ModuleIcon name={item.icon} className="size-4 shrink-0" /> : null}
        <span className={cn("min-w-0 flex-1 truncate", compact && "sr-only")}>{label}</span>
        {isHeading && !compact && (
          <ChevronRight aria-hidden className={cn("size-3.5 shrink-0 text-muted-foreground transition-transform", isOpen && "rotate-90")} />
        )}
      </>
    );
    const control = isHeading ? (
      <button
        type="button"
        data-testid={`menu-item-${item.ID}`}
        aria-expanded={compact ? false : isOpen}
        onClick={() => toggle(item.ID)}
        className={cn(itemClass, indent, depth === 0 && "font-medium", compact && "justify-center px-0")}
      >
        {content}
      </button>
    ) : (
      <Link
        href={item.path!}
        data-testid={`menu-item-${item.ID}`}
        aria-current={item.ID === activeId ? "page" : undefined}
        onClick={navigate}
        className={cn(itemClass, indent, item.ID === activeId && activeClass, compact && "justify-center px-0")}
      >
        {content}
      </Link>
    );
    return (
      <li key={item.ID}>
        {compact ? (
          <WithTooltip label={label} side="right">
            {control}
          </WithTooltip>
        ) : (
          control
        )}
        {isHeading && isOpen && !compact && <ul className="mt-0.5 flex flex-col gap-0.5">{item.subs.map((sub) => renderItem(sub, depth + 1))}</ul>}
      </li>
    );
  };

  const homeLink = (
    <Link
      href="/app/home/start"
      data-testid="menu-home"
      aria-current={atHome ? "page" : undefined}
      onClick={navigate}
      className={cn(itemClass, "font-medium", atHome && activeClass, compact && "justify-center px-0")}
    >
      <House className="size-4 shrink-0" aria-hidden />
      <span className={cn("flex-1 truncate", compact && "sr-only")}>{t("home")}</span>
    </Link>
  );

  return (
    <aside className={cn("relative min-h-0 shrink-0 max-md:flex-1", rail ? "w-14" : "w-full md:w-64")}>
      <nav
        id="app-sidebar"
        data-testid="sidebar"
        data-layout={layout}
        aria-label={t("menu")}
        onMouseEnter={() => setHovering(true)}
        onMouseLeave={() => {
          setHovering(false);
          setPeeking(false);
        }}
        onFocus={() => setHovering(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) {
            setHovering(false);
            setPeeking(false);
          }
        }}
        className={cn(
          "flex h-full flex-col overflow-y-auto border-r bg-sidebar px-2 py-3 text-sidebar-foreground",
          rail && "absolute inset-y-0 left-0 z-30 transition-[width] duration-150",
          rail && (expanded ? "w-64 shadow-xl" : "w-14"),
        )}
      >
        <ul className="flex flex-col gap-0.5">
          <li>
            {compact ? (
              <WithTooltip label={t("home")} side="right">
                {homeLink}
              </WithTooltip>
            ) : (
              homeLink
            )}
          </li>
          {items.map((item) => renderItem(item, 0))}
        </ul>
      </nav>
    </aside>
  );
}
