"use client";

import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * Sonner with the spec's defaults (000 §8: 5000 ms) and the design tokens for colours. Toasts come in at the top
 * centre: the side sheets and dialogs keep their Save and Cancel buttons at the bottom, where a toast would cover them.
 */
export function Toaster({ duration = 5000, ...props }: ToasterProps) {
  return (
    <Sonner
      duration={duration}
      position="top-center"
      richColors
      closeButton
      className="toaster"
      toastOptions={{ classNames: { toast: "font-sans text-sm", title: "font-semibold" } }}
      {...props}
    />
  );
}

export { toast } from "sonner";
