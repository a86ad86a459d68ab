"use client";

import { Badge, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@pizarra/ui";
import { useTranslations } from "next-intl";
import type { ReactElement } from "react";
import { NOTIFICATION_SAMPLES } from "./notification-samples.ts";

/** The bell's menu, mounted open by its first click (see DeferredOverlay). */
export function NotificationsMenu({ trigger }: { trigger: ReactElement }) {
  const t = useTranslations("notifications");
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel className="flex items-center justify-between text-sm text-foreground">
          {t("title")}
          <Badge variant="secondary">{t("sample")}</Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {NOTIFICATION_SAMPLES.map((id) => (
          <DropdownMenuItem key={id} data-testid={`notification-${id}`} className="flex-col items-start gap-0.5 py-2">
            <span className="flex w-full items-baseline justify-between gap-2">
              <span className="font-medium">{t(`${id}Title`)}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{t(`${id}Time`)}</span>
            </span>
            <span className="text-xs whitespace-normal text-muted-foreground">{t(`${id}Body`)}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
