"use client";

import { THEME_COLORS } from "@pizarra/contracts";
import { Button, cn, Popover, PopoverContent, PopoverTrigger, WithTooltip } from "@pizarra/ui";
import { Moon, Palette, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeTheme, currentTheme } from "@/client/preferences.ts";
import { useMediaQuery } from "@/client/use-media-query.ts";
import { MOBILE_QUERY } from "./breakpoints.ts";

type Theme = ReturnType<typeof currentTheme>;

/**
 * The light/dark switch and the six theme colours (spec 000 §2.2). Both are stored in __theme_color ("light.green",
 * "dark.green"); the colours apply at once and the page is refreshed after 500 ms (spec 000 §4). On phones the top
 * bar has no room for them (issue 13): they open from one button instead.
 */
export function ThemeControls() {
  const t = useTranslations("shell");
  const router = useRouter();
  const phone = useMediaQuery(MOBILE_QUERY);
  const [theme, setTheme] = useState(currentTheme);
  const update = (next: Theme) => {
    setTheme(next);
    changeTheme(next, () => router.refresh());
  };
  if (!phone) return <ThemeChoices theme={theme} onChange={update} inPopover={false} />;
  return (
    <Popover>
      <WithTooltip label={t("appearance")}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon-sm" data-testid="theme-menu" aria-label={t("appearance")}>
            <Palette aria-hidden />
          </Button>
        </PopoverTrigger>
      </WithTooltip>
      <PopoverContent align="end" className="flex w-auto items-center gap-2 p-2">
        <ThemeChoices theme={theme} onChange={update} inPopover />
      </PopoverContent>
    </Popover>
  );
}

/** In the popover the swatches are finger-sized. */
function ThemeChoices({ theme, onChange, inPopover }: { theme: Theme; onChange: (next: Theme) => void; inPopover: boolean }) {
  const t = useTranslations("shell");
  const darkLabel = theme.dark ? t("lightMode") : t("darkMode");
  return (
    <>
      <WithTooltip label={darkLabel}>
        <Button
          variant="ghost"
          size="icon-sm"
          data-testid="dark-toggle"
          aria-label={t("darkMode")}
          aria-pressed={theme.dark}
          onClick={() => onChange({ ...theme, dark: !theme.dark })}
        >
          {theme.dark ? <Sun aria-hidden /> : <Moon aria-hidden />}
        </Button>
      </WithTooltip>
      <div role="group" aria-label={t("themeColor")} className={cn("flex shrink-0 items-center px-1", inPopover ? "gap-2" : "gap-1")}>
        {THEME_COLORS.map((color) => {
          const name = t(`themes.${color.slice("light.".length)}`);
          const selected = color === theme.color;
          return (
            <WithTooltip key={color} label={name}>
              <button
                type="button"
                aria-pressed={selected}
                aria-label={name}
                data-testid={`theme-${color}`}
                // The swatch carries the theme itself, so bg-primary shows that theme's colour.
                data-theme={color}
                onClick={() => !selected && onChange({ ...theme, color })}
                className={cn(
                  "cursor-pointer rounded-full bg-primary outline-none ring-offset-2 transition-transform hover:scale-110 focus-visible:ring-2 focus-visible:ring-foreground/60",
                  inPopover ? "size-6 ring-offset-popover" : "size-4 ring-offset-header",
                  selected && "ring-2 ring-foreground/70",
                )}
              />
            </WithTooltip>
          );
        })}
      </div>
    </>
  );
}
