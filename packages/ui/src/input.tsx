import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "./cn.ts";

const field =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/30";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input data-slot="input" type={type} className={cn(field, "h-9 py-1", className)} {...props} />;
}

export function Textarea({ className, rows = 3, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" rows={rows} className={cn(field, "min-h-16 py-2", className)} {...props} />;
}

/**
 * A styled native <select>: keyboard, screen reader and mobile pickers work as the platform intends. The chevron is
 * an icon beside it rather than a data: URL background, so a strict img-src policy does not hide it.
 */
export function NativeSelect({ className, wrapperClassName, ...props }: React.ComponentProps<"select"> & { wrapperClassName?: string }) {
  return (
    <span data-slot="native-select-wrapper" className={cn("relative inline-flex w-full min-w-0", wrapperClassName)}>
      <select data-slot="native-select" className={cn(field, "h-9 cursor-pointer appearance-none pr-8", className)} {...props} />
      <ChevronDownIcon aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
    </span>
  );
}
