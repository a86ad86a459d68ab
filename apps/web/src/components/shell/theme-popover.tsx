"use client";

import { Button, Popover, PopoverContent, PopoverTrigger, WithTooltip } from "@pizarra/ui";
import { Palette } from "lucide-react";
import { useTranslations } from "next-intl";
import { type Theme, ThemeChoices } from "./theme-choices.tsx";

/** On phones the top bar has no room for the theme choices: they open from one button instead. */
export function ThemePopover({ theme, onChange }: { theme: Theme; onChange: (next: Theme) => void }) {
  const t = useTranslations("shell");
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
        <ThemeChoices theme={theme} onChange={onChange} inPopover />
      </PopoverContent>
    </Popover>
  );
}
