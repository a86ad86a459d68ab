"use client";

import { Badge, Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@pizarra/ui";
import { Bell } from "lucide-react";
import { useTranslations } from "next-intl";

/** Spec 000 §2.2: the bell shows static sample content (menu notifications are off); labelled as samples. */
const SAMPLES = ["n1", "n2", "n3"] as const;

export function NotificationsBell() {
  const t = useTranslations("notifications");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" data-testid="bell" aria-label={t("open", { count: SAMPLES.length })} className="relative">
          <Bell aria-hidden />
          <span aria-hidden className="absolute top-1 right-1 size-2 rounded-full bg-destructive ring-2 ring-header" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel className="flex items-center justify-between text-sm text-foreground">
          {t("title")}
          <Badge variant="secondary">{t("sample")}</Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {SAMPLES.map((id) => (
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
