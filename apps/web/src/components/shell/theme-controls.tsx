"use client";

import { THEME_COLORS } from "@pizarra/contracts";
import { Button, cn, WithTooltip } from "@pizarra/ui";
import { Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeTheme, currentTheme } from "@/client/preferences.ts";

/**
 * The light/dark switch and the six theme colours (spec 000 §2.2). Both are stored in __theme_color ("light.green",
 * "dark.green"); the colours apply at once and the page is refreshed after 500 ms (spec 000 §4).
 */
export function ThemeControls() {
  const t = useTranslations("shell");
  const router = useRouter();
  const [theme, setTheme] = useState(currentTheme);
  const update = (next: typeof theme) => {
    setTheme(next);
    changeTheme(next, () => router.refresh());
  };
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
          onClick={() => update({ ...theme, dark: !theme.dark })}
        >
          {theme.dark ? <Sun aria-hidden /> : <Moon aria-hidden />}
        </Button>
      </WithTooltip>
      <div role="group" aria-label={t("themeColor")} className="flex shrink-0 items-center gap-1 px-1">
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
                onClick={() => !selected && update({ ...theme, color })}
                className={cn(
                  "size-4 cursor-pointer rounded-full bg-primary outline-none ring-offset-2 ring-offset-header transition-transform hover:scale-110 focus-visible:ring-2 focus-visible:ring-foreground/60",
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
