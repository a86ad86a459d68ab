"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";

/** What a module shows for the moment its screen's chunk takes to arrive. */
export function ScreenLoading() {
  const t = useTranslations("common");
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground" data-testid="screen-loading">
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      {t("loading")}
    </p>
  );
}
