"use client";

import { Badge, cn } from "@pizarra/ui";
import { Timer } from "lucide-react";
import { useTranslations } from "next-intl";
import type { TimerTone } from "./inbox-model.ts";

const TONE_CLASS: Record<TimerTone, string> = {
  red: "border-destructive/40 bg-destructive/10 text-destructive",
  orange: "border-warning/50 bg-warning/20 text-warning-foreground",
  green: "border-success/40 bg-success/10 text-success",
};

/** 002 §4: the time the assistant still holds a conversation; its words say how long, not only its colour. */
export function TimerBadge({ timer, className }: { timer: { minutes: number; tone: TimerTone }; className?: string }) {
  const t = useTranslations("inbox");
  return (
    <Badge variant="outline" className={cn(TONE_CLASS[timer.tone], className)} data-testid="conversation-timer" data-tone={timer.tone}>
      <Timer aria-hidden />
      {t("timer", { minutes: timer.minutes })}
    </Badge>
  );
}
