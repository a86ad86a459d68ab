"use client";

import type { TJustificationAnswer } from "@pizarra/contracts";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from "@pizarra/ui";
import { FileX2, LoaderCircle, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/client/api.ts";
import { apiGet } from "@/client/api-query.ts";
import { useMediaQuery } from "@/client/use-media-query.ts";
import type { ListAnswer, PickOption } from "../resource/types.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { MOBILE_QUERY } from "../shell/breakpoints.ts";
import { JustificationCard } from "./justification-card.tsx";
import { JustificationCounts } from "./justification-counts.tsx";
import { JustificationFilterBar, JustificationFilterSheet } from "./justification-filters.tsx";
import { countByStatus, defaultFilters, formatDay, studentName } from "./justification-model.ts";
import { JustificationSheet, type SheetTarget } from "./justification-sheet.tsx";
import { useJustifications } from "./use-justifications.ts";
import { useAppSession } from "../shell/session-context.tsx";

const NO_TYPES: PickOption[] = [];

/** The attendance types an acceptance may record the marks as (GET admAttendanceType/get?pick=true). */
function useAttendanceTypes(): PickOption[] {
  const { data } = useQuery(apiGet<ListAnswer<PickOption>>("admAttendanceType/get", { query: { pick: "true" }, notify: false }));
  return data?.Results ?? NO_TYPES;
}

/** 002 §7: POST admJustification/delete/{id}, once the person has confirmed it. */
function DeleteJustification({ item, onClosed, onDeleted }: { item: TJustificationAnswer | null; onClosed: () => void; onDeleted: (id: number) => void }) {
  const { givenNamesFirst } = useAppSession().tenant;
  const t = useTranslations("justifications");
  const tc = useTranslations("common");
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!item) return;
    setBusy(true);
    const result = await api.post(`admJustification/delete/${item.ID}`, {});
    setBusy(false);
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg, { duration: SUCCESS_TOAST_MS });
    onDeleted(item.ID);
    onClosed();
  };
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !busy && onClosed()}>
      <DialogContent closeLabel={tc("close")} data-testid="justification-delete-dialog">
        <DialogHeader>
          <DialogTitle>{t("delete.title")}</DialogTitle>
          <DialogDescription>
            {item ? t("delete.warning", { name: studentName(item, givenNamesFirst), day: formatDay(item.date, locale) }) : ""}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClosed} disabled={busy} data-testid="justification-delete-cancel">
            {tc("cancel")}
          </Button>
          <Button variant="destructive" onClick={() => void remove()} disabled={busy} data-testid="justification-delete-confirm">
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
            {t("delete.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * admJustification (002 §2): the students' absences as cards, filtered by days (the last six by default), status,
 * kind, grade and section, and reason; the counts by status on top; accept and deny on each card; the create/edit
 * modal and delete for those with the module's write right (002 §6).
 */
export function JustificationScreen({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("justifications");
  const [defaults] = useState(() => defaultFilters());
  const [filters, setFilters] = useState(defaults);
  const list = useJustifications(filters);
  const types = useAttendanceTypes();
  const phone = useMediaQuery(MOBILE_QUERY);
  const [target, setTarget] = useState<SheetTarget | null>(null);
  const [deleting, setDeleting] = useState<TJustificationAnswer | null>(null);
  const counts = useMemo(() => countByStatus(list.items ?? []), [list.items]);
  const items = list.items ?? [];

  return (
    <div className="flex flex-col gap-4" data-testid="justification-screen">
      <div className="flex flex-wrap items-center gap-2">
        {phone && <JustificationFilterSheet filters={filters} defaults={defaults} onChange={setFilters} />}
        <Button variant="outline" onClick={list.reload} disabled={list.loading} title={t("reload")} data-testid="justification-reload">
          <RefreshCw className={list.loading ? "animate-spin" : undefined} aria-hidden />
          <span className="max-sm:sr-only">{t("reload")}</span>
        </Button>
        <Button className="ml-auto" onClick={() => setTarget({ mode: "create" })} disabled={!canWrite} data-testid="justification-new">
          <Plus aria-hidden />
          {t("new")}
        </Button>
      </div>
      {!phone && <JustificationFilterBar filters={filters} defaults={defaults} onChange={setFilters} />}
      <JustificationCounts counts={counts} />
      <p className="sr-only" aria-live="polite">
        {list.loading ? t("loading") : t("shown", { count: items.length })}
      </p>
      {list.items === null && !list.failed ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="justification-loading">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          {t("loading")}
        </p>
      ) : items.length === 0 ? (
        <div className="flex items-start gap-3 rounded-lg border border-dashed bg-card p-5 text-sm" data-testid="justification-empty">
          <FileX2 className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <p>{list.failed ? t("failed") : t("empty")}</p>
        </div>
      ) : (
        <section aria-label={t("listTitle")} className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="justification-list">
          {items.map((item) => (
            <JustificationCard
              key={item.ID}
              item={item}
              types={types}
              canWrite={canWrite}
              onReviewed={list.replace}
              onEdit={(j) => setTarget({ mode: "edit", id: j.ID })}
              onDelete={setDeleting}
            />
          ))}
        </section>
      )}
      <JustificationSheet
        target={target}
        canWrite={canWrite}
        onClosed={() => setTarget(null)}
        onChanged={list.reload}
        onStored={(id) => setTarget({ mode: "edit", id })}
      />
      <DeleteJustification item={deleting} onClosed={() => setDeleting(null)} onDeleted={list.remove} />
    </div>
  );
}
