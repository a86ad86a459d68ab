"use client";

import { Construction } from "lucide-react";
import { useTranslations } from "next-intl";

/** The honest notice of a module whose screen is still to come (a special screen, or a resource without a definition). */
export function ModulePending({ special }: { special: boolean }) {
  const t = useTranslations("module");
  return (
    <section className="flex items-start gap-3 rounded-lg border border-dashed bg-card p-5 text-sm" data-testid="module-pending">
      <Construction className="mt-0.5 size-5 shrink-0 text-warning-foreground" aria-hidden />
      <div className="flex flex-col gap-1">
        <h2 className="font-medium">{t("comingSoonTitle")}</h2>
        <p className="text-muted-foreground">{special ? t("specialComingSoon") : t("comingSoon")}</p>
      </div>
    </section>
  );
}
