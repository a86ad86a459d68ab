"use client";

import { type ReactElement, useState } from "react";

/** What the stand-in trigger needs: a click asks for the overlay, hovering or focusing it starts the download early. */
export type DeferredTriggerProps = { onClick?: () => void; onPointerEnter?: () => void; onFocus?: () => void };

/**
 * A menu or drawer of the top bar whose code (Radix menu or dialog, focus trap, scroll lock) is fetched on first use:
 * most visits never open it. Until then `trigger` draws the same button alone; a click mounts `overlay`, which
 * opens at once around the same button and keeps it from then on. `load` is the overlay's own import.
 */
export function DeferredOverlay({
  load,
  trigger,
  overlay,
}: {
  load: () => Promise<unknown>;
  trigger: (props: DeferredTriggerProps) => ReactElement;
  overlay: (trigger: ReactElement) => ReactElement;
}) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    const warm = () => void load();
    return trigger({ onClick: () => setWanted(true), onPointerEnter: warm, onFocus: warm });
  }
  return overlay(trigger({}));
}
