"use client";

import { cn } from "@pizarra/ui";
import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";

/** A pane's first read still on its way. */
export function LoadingLine({ className }: { className?: string }) {
  const t = useTranslations("inbox");
  return (
    <p className={cn("flex items-center gap-2 text-sm text-muted-foreground", className)}>
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      {t("loading")}
    </p>
  );
}
