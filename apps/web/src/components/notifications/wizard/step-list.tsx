"use client";

import { type TWizardStep, WIZARD_STEPS } from "@pizarra/contracts";
import { cn } from "@pizarra/ui";
import { useTranslations } from "next-intl";

/** The wizard's steps in order, the current one marked and those before it filled in. */
export function StepList({ step }: { step: TWizardStep }) {
  const t = useTranslations("wizard");
  const current = WIZARD_STEPS.indexOf(step);
  return (
    <ol className="mt-3 flex gap-1 text-xs" aria-label={t("stepsLabel")}>
      {WIZARD_STEPS.map((key, i) => (
        <li
          key={key}
          aria-current={key === step ? "step" : undefined}
          className={cn(
            "flex flex-1 flex-col gap-1 border-t-4 pt-1",
            i <= current ? "border-primary font-medium text-foreground" : "border-muted text-muted-foreground",
          )}
        >
          <span className="sr-only">{t("stepOf", { n: i + 1, total: WIZARD_STEPS.length })}</span>
          <span className="truncate">{t(`steps.${key}`)}</span>
        </li>
      ))}
    </ol>
  );
}
