"use client";

import { Tooltip as TooltipPrimitive } from "radix-ui";
import type * as React from "react";

export type TooltipProps = { label: string; children: React.ReactElement; side?: "top" | "bottom" | "left" | "right" };

/**
 * Radix's tooltip around one control, fetched after the page has painted (with-tooltip.tsx). Each has its own
 * provider: the shell could not gain one later without drawing itself again.
 */
export function LabelTooltip({ label, children, side }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            data-slot="tooltip-content"
            side={side}
            sideOffset={6}
            className="z-50 w-fit rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-sm data-[state=delayed-open]:animate-fade-in"
          >
            {label}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
