"use client";

import { Button } from "@pizarra/ui";
import { Bell } from "lucide-react";
import { useTranslations } from "next-intl";
import { onFirstUse } from "../on-first-use.tsx";
import { DeferredOverlay, type DeferredTriggerProps } from "./deferred-overlay.tsx";
import { NOTIFICATION_SAMPLES } from "./notification-samples.ts";

const loadMenu = () => import("./notifications-menu.tsx");
// Until its code has arrived, the button stays as it was drawn.
const NotificationsMenu = onFirstUse(
  () => loadMenu().then((m) => m.NotificationsMenu),
  ({ trigger }) => trigger,
);

function BellButton(props: DeferredTriggerProps) {
  const t = useTranslations("notifications");
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      data-testid="bell"
      aria-label={t("open", { count: NOTIFICATION_SAMPLES.length })}
      aria-haspopup="menu"
      aria-expanded={false}
      className="relative"
      {...props}
    >
      <Bell aria-hidden />
      <span aria-hidden className="absolute top-1 right-1 size-2 rounded-full bg-destructive ring-2 ring-header" />
    </Button>
  );
}

/** Spec 000 §2.2: the bell shows static sample content (menu notifications are off); labelled as samples. */
export function NotificationsBell() {
  return <DeferredOverlay load={loadMenu} trigger={(props) => <BellButton {...props} />} overlay={(trigger) => <NotificationsMenu trigger={trigger} />} />;
}
