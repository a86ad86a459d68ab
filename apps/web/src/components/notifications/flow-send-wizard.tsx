"use client";

import { useMemo } from "react";
import type { OwnDialogProps } from "../resource/types.ts";
import { NotificationWizard } from "./notification-wizard.tsx";

/**
 * A flow's send (002 §2: the wizard used for flow collection sends): the notification wizard for a new notification
 * about the flow (page "fetch", objectId the flow), named after it and aimed at its group; the worker then reminds those
 * who have not answered, as the flow's follow-ups say.
 */
export function FlowSendWizard({ row, ...props }: OwnDialogProps) {
  const about = useMemo(
    () =>
      row
        ? {
            page: "fetch",
            objectId: Number(row.ID),
            name: String(row.name ?? ""),
            recipientType: row.recipientType as number | null,
            groupId: row.groupId as number | null,
          }
        : undefined,
    [row],
  );
  return <NotificationWizard {...props} row={null} about={about} />;
}
