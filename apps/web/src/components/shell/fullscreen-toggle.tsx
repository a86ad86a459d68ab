"use client";

import { Button, WithTooltip } from "@pizarra/ui";
import { Maximize, Minimize } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/** Full-screen toggle (spec 000 §2.2) over the Fullscreen API; Escape or the browser's own control also leave it. */
export function FullscreenToggle() {
  const t = useTranslations("shell");
  const [active, setActive] = useState(false);
  useEffect(() => {
    const sync = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  const label = active ? t("exitFullscreen") : t("fullscreen");
  const toggle = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused by the browser (an embedded view, a policy): nothing to undo.
    }
  };
  return (
    <WithTooltip label={label}>
      <Button variant="ghost" size="icon-sm" data-testid="fullscreen-toggle" aria-label={label} aria-pressed={active} onClick={() => void toggle()}>
        {active ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
      </Button>
    </WithTooltip>
  );
}
