"use client";

import { THEME_COLORS } from "@pizarra/contracts";
import { Button, cn, WithTooltip } from "@pizarra/ui";
import { Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import type { currentTheme } from "@/client/preferences.ts";

export type Theme = ReturnType<typeof currentTheme>;

/** In the popover the swatches are finger-sized. */
export function ThemeChoices({ theme, onChange, inPopover }: { theme: Theme; onChange: (next: Theme) => void; inPopover: boolean }) {
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
