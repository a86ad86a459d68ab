"use client";

import { resourceDef, type ActionDef, type DialogActionDef, type ResourceDef } from "@pizarra/contracts";
import { Button, cn } from "@pizarra/ui";
import { Eye, Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { useMediaQuery } from "@/client/use-media-query.ts";
import { useCanWrite, useInMenu } from "./access.ts";
import { actionAllowed, ActionDialog, actionIcon, type ActionTarget } from "./action-dialog.tsx";
import { ACTION_DIALOGS } from "./action-dialogs.ts";
import { linkHref } from "./action-link.ts";
import { DeleteDialog } from "./delete-dialog.tsx";
import { downloadExport } from "./export-file.ts";
import { FilterForm, useFilterSummary } from "./filter-form.tsx";
import { ImportSheet } from "./import-sheet.tsx";
import { replaceModalHash } from "./hash-modal.ts";
import { scopeQuery } from "./list-query.ts";
import { PreviewSheet } from "./preview-sheet.tsx";
import { PrintView, type PrintRequest } from "./print-view.tsx";
import { modalIdOf, RecordSheet, type SheetTarget } from "./record-sheet.tsx";
import { ResourceGrid } from "./resource-grid.tsx";
import { useResourceText } from "./resource-text.ts";
import { rowActionButton, type RowAction } from "./row-actions.tsx";
import { SearchBox, Toolbar } from "./toolbar.tsx";
import type { Row } from "./types.ts";
import { useResourceList } from "./use-resource-list.ts";
import { MOBILE_QUERY } from "../shell/breakpoints.ts";
import { useAppSession } from "../shell/session-context.tsx";

/** Spec 000 §4: a new or edited row flashes for 3 s. */
const FLASH_MS = 3000;
/** Spec 000 §9: the preview modal opens by itself from 1150 px. */
const PREVIEW_QUERY = "(min-width: 1150px)";

interface ResourceBrowserProps {
  def: ResourceDef;
  title: string;
  canWrite: boolean;
  /** A sub-grid's parent record. */
  parentId?: string | number;
  /** The module screen itself, or a detail grid under a parent's form. */
  variant: "screen" | "child";
}

/**
 * A resource's list and everything that acts on it: filters, toolbar, search, grid, the create/edit and preview
 * modals and the delete confirmation. The module screen uses it whole; a detail grid uses the grid and modals.
 */
export function ResourceBrowser({ def, title, canWrite, parentId, variant }: ResourceBrowserProps) {
  const t = useTranslations("moduleScreen");
  const tToast = useTranslations("toast");
  const text = useResourceText(def.id);
  const { user } = useAppSession();
  // A whole-list print or export some roles only may make (the directory's is role 100's).
  const mayPrint = !def.printRoles || def.printRoles.includes(user.roleCode);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [search, setSearch] = useState("");
  const scope = useMemo(() => ({ filters, search, parentId }), [filters, search, parentId]);
  const list = useResourceList(def, scope);
  const [sheet, setSheet] = useState<SheetTarget | null>(null);
  const [preview, setPreview] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [flashId, setFlashId] = useState<string | number | null>(null);
  const [printRequest, setPrintRequest] = useState<PrintRequest | null>(null);
  const [actionTarget, setActionTarget] = useState<ActionTarget | null>(null);
  const [ownDialog, setOwnDialog] = useState<ActionTarget<DialogActionDef> | null>(null);
  // Rows checked for an action on several (by key, kept across pages and searches until the action is done).
  const [checked, setChecked] = useState<ReadonlyMap<string | number, Row>>(new Map());
  const router = useRouter();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const wide = useMediaQuery(PREVIEW_QUERY);
  const phone = useMediaQuery(MOBILE_QUERY);
  const filterSummary = useFilterSummary(def);
  const screen = variant === "screen";

  useEffect(() => {
    if (flashId === null) return;
    const timer = window.setTimeout(() => setFlashId(null), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [flashId]);

  // A closing drawer or dialog gives focus back to the row action that opened it, without scrolling the list.
  const rootRef = useRef<HTMLDivElement>(null);
  const opener = useRef<{ id: string | number; key: string } | null>(null);
  const returnFocus = (event: Event) => {
    const button = opener.current && rowActionButton(rootRef.current, opener.current.id, opener.current.key);
    if (!button) return;
    event.preventDefault();
    button.focus({ preventScroll: true });
  };

  const editable = canWrite && def.actions.includes("edit");
  const openRecord = (row: Row) => setSheet({ mode: "edit", id: row.ID });
  // Extra actions (spec 000 §2.6): on each row after the generic icons, or as toolbar buttons.
  const inMenu = useInMenu();
  const extraActions = (def.extraActions ?? []).filter((action) => actionAllowed(action, canWrite, inMenu));
  // A link opens its module, a dialog of its own opens, anything else is the generic action dialog's POST.
  const runAction = (action: ActionDef, row: Row | null) => {
    if (action.link) router.push(linkHref(action, row, filters));
    else if (action.dialog !== undefined) setOwnDialog({ action, row });
    else setActionTarget({ action, row });
  };
  const rowActions = (row: Row): RowAction[] => [
    { key: "edit", label: editable ? t("edit") : t("view"), icon: editable ? Pencil : Eye, run: () => openRecord(row) },
    ...(canWrite && def.actions.includes("delete")
      ? [{ key: "delete", label: t("delete"), icon: Trash2, destructive: true, run: () => setDeleting(row) }]
      : []),
    ...extraActions
      .filter((action) => action.scope === "row")
      .map((action) => ({
        key: `action-${action.name}`,
        testId: `action-${action.name}-${row.ID}`,
        label: text.action(action.name),
        icon: actionIcon(action),
        run: () => runAction(action, row),
      })),
  ];
  const actionsOf = (row: Row): RowAction[] =>
    rowActions(row).map((action) => ({
      ...action,
      run: () => {
        opener.current = { id: row.ID, key: action.key };
        action.run();
      },
    }));
  const checking = extraActions.some((action) => action.dialog !== undefined && action.checked);
  const toolbarActions = extraActions
    .filter((action) => action.scope === "toolbar")
    .map((action) => ({
      name: action.name,
      label: action.dialog !== undefined && action.checked && checked.size > 0 ? `${text.action(action.name)} (${checked.size})` : text.action(action.name),
      icon: actionIcon(action),
      run: () => runAction(action, null),
    }));
  const create = canWrite && def.actions.includes("create") ? () => setSheet({ mode: "create" }) : undefined;

  const exportFile = async () => {
    setExporting(true);
    await downloadExport(`${def.id}/get`, { ...scopeQuery(def, scope), print: "true", format: "xlsx" }, `${title}.xlsx`, {
      errorTitle: tToast("errorTitle"),
      failed: t("exportFailed"),
    });
    setExporting(false);
  };
  const print = () => {
    const summary = filterSummary(filters);
    if (search.trim()) summary.push({ label: t("search"), value: search.trim() });
    setPrintRequest({ query: scopeQuery(def, scope), summary });
  };

  const grid = (
    <ResourceGrid
      def={def}
      text={text}
      list={list}
      actionsOf={actionsOf}
      onRowClick={(row) => {
        opener.current = { id: row.ID, key: "edit" };
        if (screen && wide) setPreview(row);
        else openRecord(row);
      }}
      flashId={flashId}
      compact={!screen}
      cards={phone}
      fill={screen}
      testId={screen ? "grid" : `grid-${def.id}`}
      checked={checking ? checked : undefined}
      onCheck={setChecked}
    />
  );

  return (
    <div ref={rootRef} className={cn("flex flex-col gap-4", screen && "grow")}>
      {screen ? (
        <>
          <FilterForm def={def} onChange={setFilters} foldable={phone} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Toolbar
              onCreate={create}
              onExport={mayPrint && def.actions.includes("export") ? () => void exportFile() : undefined}
              exporting={exporting}
              onPrint={mayPrint && def.actions.includes("print") ? print : undefined}
              printing={printRequest !== null}
              onImport={canWrite && def.actions.includes("import") ? () => setImporting(true) : undefined}
              onReload={list.reload}
              actions={toolbarActions}
            />
            {def.actions.includes("search") && <SearchBox onSearch={setSearch} label={t("searchPlaceholder")} />}
          </div>
        </>
      ) : (
        <div className="flex items-center justify-between gap-3">
          <h3 className="text-sm font-semibold">{title}</h3>
          {create && (
            <Button size="sm" variant="outline" onClick={create} data-testid="toolbar-create">
              <Plus aria-hidden />
              {t("create")}
            </Button>
          )}
        </div>
      )}
      {grid}
      {screen && <ImportSheet def={def} title={title} open={importing} onClosed={() => setImporting(false)} onImported={list.reload} />}
      <RecordSheet
        def={def}
        title={title}
        target={sheet}
        parentId={parentId}
        canWrite={canWrite}
        level={screen ? 0 : 1}
        onClosed={() => setSheet(null)}
        onCloseAutoFocus={returnFocus}
        onSaved={(id) => {
          setFlashId(id);
          list.reload();
        }}
        onStored={(id) => {
          // Saved, but a file did not go up: the sheet stays on the saved record so that it can be tried again.
          setFlashId(id);
          list.reload();
          if (sheet?.mode === "create") {
            const target: SheetTarget = { mode: "edit", id };
            replaceModalHash(modalIdOf(def, target));
            setSheet(target);
          }
        }}
        renderDetail={def.children?.length ? (record) => <ChildGrids def={def} parentId={record.ID} /> : undefined}
      />
      {screen && (
        <PreviewSheet
          def={def}
          title={title}
          row={preview}
          canWrite={canWrite}
          onClosed={() => setPreview(null)}
          onCloseAutoFocus={returnFocus}
          onOpenRecord={(row) => {
            const target: SheetTarget = { mode: "edit", id: row.ID };
            replaceModalHash(modalIdOf(def, target));
            setPreview(null);
            setSheet(target);
          }}
        />
      )}
      <DeleteDialog def={def} row={deleting} onClosed={() => setDeleting(null)} onCloseAutoFocus={returnFocus} onDeleted={list.reload} />
      <ActionDialog
        def={def}
        text={text}
        target={actionTarget}
        filters={filters}
        onClosed={() => setActionTarget(null)}
        onDone={(action, resultId) => {
          list.reload();
          if (resultId === null) return;
          setFlashId(resultId);
          if (action.openResult) setSheet({ mode: "edit", id: resultId });
        }}
      />
      {extraActions.map((action) => {
        const Own = action.dialog ? ACTION_DIALOGS[action.dialog] : undefined;
        return (
          Own && (
            <Own
              key={action.name}
              open={ownDialog?.action.name === action.name}
              row={ownDialog?.action.name === action.name ? ownDialog.row : null}
              rows={action.checked ? [...checked.values()] : []}
              onClosed={() => setOwnDialog(null)}
              onDone={() => {
                if (action.checked) setChecked(new Map());
                list.reload();
              }}
            />
          )
        );
      })}
      {printRequest && <PrintView def={def} title={title} request={printRequest} onDone={() => setPrintRequest(null)} />}
    </div>
  );
}

/** Spec 000 §2.8: the detail grids under a record's form, one per child resource, each with its own modals. */
function ChildGrids({ def, parentId }: { def: ResourceDef; parentId: string | number }) {
  const canWriteModule = useCanWrite();
  const children = (def.children ?? []).map((id) => resourceDef(id)).filter((child): child is ResourceDef => child !== undefined);
  return (
    <>
      {children.map((child) => (
        <section key={child.id} data-testid={`child-grid-${child.id}`} className="border-t pt-5">
          <ChildGrid def={child} parentId={parentId} canWrite={canWriteModule(child.module)} />
        </section>
      ))}
    </>
  );
}

function ChildGrid({ def, parentId, canWrite }: { def: ResourceDef; parentId: string | number; canWrite: boolean }) {
  const text = useResourceText(def.id);
  return <ResourceBrowser def={def} title={text.title()} canWrite={canWrite} parentId={parentId} variant="child" />;
}
