"use client";

import { Button, WithTooltip } from "@pizarra/ui";
import { LifeBuoy } from "lucide-react";
import { useTranslations } from "next-intl";
import { onFirstUse } from "../on-first-use.tsx";
import { DeferredOverlay, type DeferredTriggerProps } from "./deferred-overlay.tsx";

const loadSheet = () => import("./support-sheet-content.tsx");
// Until its code has arrived, the button stays as it was drawn.
const SupportSheetContent = onFirstUse(
  () => loadSheet().then((m) => m.SupportSheetContent),
  ({ trigger }) => trigger,
);

function SupportButton(props: DeferredTriggerProps) {
  const t = useTranslations("support");
  return (
    <Button variant="ghost" size="icon-sm" data-testid="support-open" aria-label={t("title")} aria-haspopup="dialog" aria-expanded={false} {...props}>
      <LifeBuoy aria-hidden />
    </Button>
  );
}

/** The contact-support side modal (spec 002 §5); its form is fetched when first opened. */
export function SupportSheet({ defaultSender }: { defaultSender: string }) {
  const t = useTranslations("support");
  return (
    <DeferredOverlay
      load={loadSheet}
      trigger={(props) => (
        <WithTooltip label={t("title")}>
          <SupportButton {...props} />
        </WithTooltip>
      )}
      overlay={() => <SupportSheetContent trigger={<SupportButton />} defaultSender={defaultSender} />}
    />
  );
}
