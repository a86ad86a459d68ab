"use client";

import { cloneElement, type FocusEvent, type PointerEvent, type ReactElement, useState } from "react";
import { deferred } from "./deferred.ts";
import type { TooltipProps } from "./tooltip.tsx";

/** Radix's tooltip and its positioning (20 kB) are in no page's first load: a tooltip only helps once the page is in use. */
const tooltips = deferred(() => import("./tooltip.tsx"));
const fetchTooltips = () => void tooltips.load().catch(() => {});

type Handlers = { onFocus?: (event: FocusEvent) => void; onBlur?: (event: FocusEvent) => void; onPointerEnter?: (event: PointerEvent) => void };

/**
 * An icon-only control with a tooltip; the control carries the same text as its accessible name. Until the tooltip's
 * code has arrived (when the page is first idle, or as soon as a control is pointed at or focused) the control is
 * drawn alone. Gaining the tooltip draws the control anew, so a control that has the focus keeps its first drawing
 * until it loses it: the keyboard's place is never lost.
 */
export function WithTooltip({ label, children, side }: TooltipProps) {
  const loaded = tooltips.useLoaded();
  const [focused, setFocused] = useState(false);
  if (loaded && !focused) {
    return (
      <loaded.LabelTooltip label={label} side={side}>
        {children}
      </loaded.LabelTooltip>
    );
  }
  const own = children.props as Handlers;
  return cloneElement(children as ReactElement<Handlers>, {
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      setFocused(true);
      fetchTooltips();
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event);
      setFocused(false);
    },
    onPointerEnter: (event: PointerEvent) => {
      own.onPointerEnter?.(event);
      fetchTooltips();
    },
  });
}
