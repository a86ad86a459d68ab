"use client";

import { Badge, cn } from "@pizarra/ui";
import { Timer } from "lucide-react";
import { useTranslations } from "next-intl";
import { CHIP_TONES } from "../resource/grid-cell.tsx";
import type { TimerTone } from "./inbox-model.ts";

/** The chips' own tones (their text drawn towards the ink, for contrast). */
const TONE_CLASS: Record<TimerTone, string> = {
  red: `border-transparent ${CHIP_TONES.danger}`,
  orange: `border-transparent ${CHIP_TONES.warning}`,
  green: `border-transparent ${CHIP_TONES.success}`,
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
