"use client";

import type { TFamilyLinkRow, TFamilyLinksAnswer } from "@pizarra/contracts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Button,
  toast,
} from "@pizarra/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Pencil, Unlink, UserPlus, UserRoundPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api.ts";
import { answerOf, apiKey } from "@/client/api-query.ts";
import type { RecordPanelProps } from "../resource/types.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { FAMILY_ROW_CLASS, FamilyList } from "./family-list.tsx";
import { useFamilyText } from "./family-text.ts";
import { LinkChips } from "./link-chips.tsx";
import { LinkDialog, type LinkDialogMode } from "./link-dialog.tsx";

/**
 * A student's family links in their record (001 §2-§3, the "Family" tab): each relative with what the link allows,
 * and, for whoever may change the student, linking a relative the school has or a new one, changing a link and ending
 * it (kept in the history, shown after the open ones).
 */
export function StudentFamilyPanel({ record, canWrite, idPrefix }: RecordPanelProps) {
  const t = useTranslations("family.panel");
  const text = useFamilyText();
  const queryClient = useQueryClient();
  const path = `admStudent/family/${encodeURIComponent(String(record.ID))}`;
  const links = useQuery({ queryKey: apiKey(path), queryFn: ({ signal }) => answerOf(api.get<TFamilyLinksAnswer>(path, { signal })) });
  const [dialog, setDialog] = useState<LinkDialogMode | null>(null);
  const [ending, setEnding] = useState<TFamilyLinkRow | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: apiKey(path) });
    // A relative's count of children and a new relative show in admRelatives' list.
    void queryClient.invalidateQueries({ queryKey: apiKey("admRelatives/get") });
  };
  const end = async () => {
    if (!ending) return;
    setBusy(true);
    const result = await api.post(`${path}/end/${ending.relativeId}`, {});
    setBusy(false);
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
    setEnding(null);
    refresh();
  };

  const rows = links.data?.Results ?? [];
  return (
    <>
      <FamilyList
        titleId={`${idPrefix}family-links-title`}
        title={t("title")}
        testId="family-links"
        pending={links.isPending}
        loadingText={t("loading")}
        emptyText={t("empty")}
        empty={rows.length === 0}
        actions={
          canWrite && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setDialog({ kind: "existing" })} data-testid="family-add-existing">
                <UserPlus aria-hidden />
                {t("addExisting")}
              </Button>
              <Button size="sm" onClick={() => setDialog({ kind: "new" })} data-testid="family-add-new">
                <UserRoundPlus aria-hidden />
                {t("addNew")}
              </Button>
            </div>
          )
        }
      >
        {rows.map((link) => (
          <li
            key={link.relativeId}
            className={FAMILY_ROW_CLASS}
            data-testid="family-link"
            data-relative={link.relativeId}
            data-ended={link.endedAt ? "true" : "false"}
          >
            <div className="flex min-w-0 flex-col gap-1.5">
              <span className="font-medium break-words">{link.name}</span>
              <span className="text-xs break-words text-muted-foreground">
                {[link.cel, link.mail, link.document && t("document", { value: link.document })].filter(Boolean).join(" · ")}
              </span>
              <LinkChips link={link} text={text} />
              {!link.contactRights && link.restriction && <p className="text-xs break-words">{link.restriction}</p>}
            </div>
            {canWrite && !link.endedAt && (
              <div className="flex shrink-0 gap-1">
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label={t("editOf", { name: link.name })}
                  title={t("edit")}
                  onClick={() => setDialog({ kind: "edit", link })}
                  data-testid="family-edit"
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label={t("endOf", { name: link.name })}
                  title={t("end")}
                  onClick={() => setEnding(link)}
                  data-testid="family-end"
                >
                  <Unlink aria-hidden />
                </Button>
              </div>
            )}
          </li>
        ))}
      </FamilyList>
      <LinkDialog studentId={record.ID} mode={dialog} idPrefix={idPrefix} onClosed={() => setDialog(null)} onSaved={refresh} />
      <AlertDialog open={ending !== null} onOpenChange={(open) => !open && !busy && setEnding(null)}>
        <AlertDialogContent data-testid="family-end-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("endTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("endText", { name: ending?.name ?? "" })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                void end();
              }}
              data-testid="family-end-confirm"
            >
              {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Unlink aria-hidden />}
              {t("endConfirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
