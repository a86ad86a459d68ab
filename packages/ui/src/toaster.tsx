"use client";

import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Sonner with the spec's defaults (000 §8: 5000 ms) and the design tokens for colours. */
export function Toaster({ duration = 5000, ...props }: ToasterProps) {
  return (
    <Sonner
      duration={duration}
      position="bottom-right"
      richColors
      closeButton
      className="toaster"
      toastOptions={{ classNames: { toast: "font-sans text-sm", title: "font-semibold" } }}
      {...props}
    />
  );
}

export { toast } from "sonner";
