"use client";

import type { TLocale, TMenuItem } from "@pizarra/contracts";
import { cn, Input } from "@pizarra/ui";
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { menuLabel, searchMenu } from "@/client/menu.ts";
import { ModuleIcon } from "../module-icon.tsx";

const MAX_HITS = 8;

/**
 * The top bar's search box (spec 000 §2.2): typing filters the sidebar and lists matching modules; Enter or a click
 * jumps to one. A combobox in the ARIA sense: arrows move through the list, Escape clears it.
 */
export function SearchBox({ menu, locale, query, onQueryChange }: { menu: TMenuItem[]; locale: TLocale; query: string; onQueryChange: (q: string) => void }) {
  const t = useTranslations("shell");
  const router = useRouter();
  const listId = useId();
  const [active, setActive] = useState(0);
  const [focused, setFocused] = useState(false);
  const hits = useMemo(() => searchMenu(menu, query, locale).slice(0, MAX_HITS), [menu, query, locale]);
  const showList = focused && query.trim() !== "";

  const go = (path: string | null) => {
    if (!path) return;
    onQueryChange("");
    setActive(0);
    router.push(path);
  };

  return (
    <div className="relative w-full max-w-64 min-w-28 flex-1 max-md:max-w-none lg:flex-none">
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        role="combobox"
        data-testid="search-box"
        aria-label={t("search")}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && hits[active] ? `${listId}-${active}` : undefined}
        placeholder={t("searchPlaceholder")}
        autoComplete="off"
        value={query}
        className="h-8 pl-8"
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(event) => {
          onQueryChange(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && hits.length) {
            event.preventDefault();
            setActive((i) => (i + 1) % hits.length);
          } else if (event.key === "ArrowUp" && hits.length) {
            event.preventDefault();
            setActive((i) => (i - 1 + hits.length) % hits.length);
          } else if (event.key === "Enter") {
            event.preventDefault();
            go(hits[active]?.item.path ?? null);
          } else if (event.key === "Escape") {
            onQueryChange("");
          }
        }}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("search")}
          className="absolute top-full right-0 left-0 z-40 mt-1 max-h-80 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md sm:right-auto sm:w-80"
        >
          {hits.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">{t("searchNoResults", { query: query.trim() })}</li>
          ) : (
            hits.map(({ item, trail }, index) => (
              <li
                key={item.ID}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                data-testid={`search-hit-${item.ID}`}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(item.path);
                }}
                onMouseEnter={() => setActive(index)}
                className={cn("flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm", index === active && "bg-accent text-accent-foreground")}
              >
                <ModuleIcon name={item.icon} className="size-4 shrink-0 text-muted-foreground" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{menuLabel(item, locale)}</span>
                  {trail.length > 0 && (
                    <span className="truncate text-xs text-muted-foreground">{trail.map((heading) => menuLabel(heading, locale)).join(" › ")}</span>
                  )}
                </span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
