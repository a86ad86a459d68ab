"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  screenDefinitionOf,
  switchableFields,
  ZModuleEdit,
  type FieldDef,
  type TLocale,
  type TLoginAnswer,
  type TModuleEditAnswer,
  type TModuleListAnswer,
  type TModuleRow,
} from "@pizarra/contracts";
import { Badge, Button, cn, Input, Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, toast } from "@pizarra/ui";
import { LoaderCircle, Pencil, Save, Search } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Controller, useForm, type FieldValues, type Resolver } from "react-hook-form";
import { api } from "@/client/api.ts";
import { apiGet } from "@/client/api-query.ts";
import { menuLabel, normalise } from "@/client/menu.ts";
import { storeLoginAnswer } from "@/client/session.ts";
import { useErrorMap } from "@/client/validation.ts";
import { ModuleIcon } from "../module-icon.tsx";
import { FieldFrame } from "../resource/form-field.tsx";
import { CloseGuardScope, useGuardedHashModal, useReportDirty } from "../resource/close-guard.tsx";
import type { ResourceText } from "../resource/resource-text.ts";
import { SUCCESS_TOAST_MS } from "../resource/values.ts";
import { useAppSession } from "../shell/session-context.tsx";

function formFields(row: TModuleRow): FieldDef[] {
  const groups = row.userRead.map((g) => g.ID);
  const optional = switchableFields(row.ID);
  return [
    { name: "name", type: "text", rules: { required: true, max: 100 }, span: "half" },
    { name: "nameEN", type: "text", rules: { max: 100 }, span: "half" },
    { name: "desc", type: "textarea", rules: { max: 500 } },
    { name: "descEN", type: "textarea", rules: { max: 500 } },
    { name: "sort", type: "number", rules: { required: true, minValue: 0, maxValue: 100_000, integer: true }, span: "half" },
    { name: "icon", type: "text", rules: { max: 50 }, span: "half" },
    { name: "hidden", type: "switch" },
    { name: "setupMsg", type: "textarea", rules: { max: 2000 } },
    { name: "userRead", type: "checkboxGroup", options: { kind: "values", values: groups }, span: "half" },
    { name: "userEdit", type: "checkboxGroup", options: { kind: "values", values: groups }, span: "half" },
    ...(optional.length ? [{ name: "inactiveFields", type: "checkboxGroup", options: { kind: "values", values: optional } } satisfies FieldDef] : []),
  ];
}

const selected = (choices: TModuleRow["userRead"]) => choices.filter((g) => g.selected).map((g) => g.ID);

function formValues(row: TModuleRow): FieldValues {
  return {
    name: row.name,
    nameEN: row.nameEN,
    desc: row.desc ?? "",
    descEN: row.descEN ?? "",
    sort: row.sort,
    icon: row.icon ?? "",
    hidden: row.hidden,
    setupMsg: row.setupMsg ?? "",
    userRead: selected(row.userRead),
    userEdit: selected(row.userEdit),
    ...(switchableFields(row.ID).length ? { inactiveFields: row.inactiveFields } : {}),
  };
}

/** The labels of the form: its own fields, the school's groups by id, and the module screen's field labels. */
function useModuleFormText(row: TModuleRow): ResourceText {
  const t = useTranslations();
  return useMemo(() => {
    const groupNames = new Map(row.userRead.map((g) => [String(g.ID), g.name]));
    const def = screenDefinitionOf(row.ID);
    const field = (name: string) => t(`moduleAdmin.fields.${name}`);
    return {
      field,
      option: (name: string, value: unknown) =>
        name === "inactiveFields" && def ? t(`resources.${def.id}.fields.${String(value)}`) : (groupNames.get(String(value)) ?? String(value)),
      group: field,
      hint: (name: string) => (t.has(`moduleAdmin.hints.${name}`) ? t(`moduleAdmin.hints.${name}`) : null),
      title: () => t("moduleAdmin.title"),
      action: field,
      actionHint: () => null,
    };
  }, [t, row]);
}

function ModuleForm({ row, canWrite, onSaved, onClose }: { row: TModuleRow; canWrite: boolean; onSaved: () => void; onClose: () => void }) {
  const t = useTranslations("moduleAdmin");
  const tm = useTranslations("moduleScreen");
  const text = useModuleFormText(row);
  const errorMap = useErrorMap();
  const fields = useMemo(() => formFields(row), [row]);
  const resolver = useMemo(() => zodResolver(ZModuleEdit, { error: errorMap }) as unknown as Resolver<FieldValues>, [errorMap]);
  const form = useForm<FieldValues>({ resolver, defaultValues: formValues(row) });
  const { errors, isSubmitting, isDirty } = form.formState;
  useReportDirty(isDirty);

  const save = form.handleSubmit(async (values) => {
    const result = await api.post<TModuleEditAnswer>(`admModule/edit/${encodeURIComponent(row.ID)}`, values);
    if (!result.ok) {
      const serverErrors = (result.envelope.data as { errors?: Record<string, string> } | null)?.errors ?? {};
      for (const [name, message] of Object.entries(serverErrors)) form.setError(name, { type: "server", message });
      return;
    }
    toast.success(result.envelope.msg || t("saved"), { duration: SUCCESS_TOAST_MS });
    onSaved();
  });

  return (
    <>
      <SheetBody className="py-5">
        <form id="module-form" noValidate onSubmit={(event) => void save(event)} className="grid gap-5 sm:grid-cols-2">
          {fields.map((field) => (
            <Controller
              key={field.name}
              name={field.name}
              control={form.control}
              render={({ field: hook }) => (
                <FieldFrame
                  field={field}
                  id={`module-field-${field.name}`}
                  testId={`field-${field.name}`}
                  value={hook.value}
                  onChange={(value) => hook.onChange(field.type === "number" && value !== "" && value !== null ? Number(value) : value)}
                  onBlur={hook.onBlur}
                  disabled={!canWrite}
                  error={errors[field.name]?.message as string | undefined}
                  text={text}
                  className={field.span === "half" ? "sm:col-span-1" : "sm:col-span-2"}
                />
              )}
            />
          ))}
        </form>
      </SheetBody>
      <SheetFooter className="justify-between">
        <Button variant="outline" onClick={onClose} data-testid="form-close">
          {tm("close")}
        </Button>
        {canWrite && (
          <Button type="submit" form="module-form" disabled={isSubmitting} data-testid="form-save">
            {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            {tm("save")}
          </Button>
        )}
      </SheetFooter>
    </>
  );
}

function ModuleSheet({ row, canWrite, onClosed, onSaved }: { row: TModuleRow | null; canWrite: boolean; onClosed: () => void; onSaved: () => void }) {
  const t = useTranslations("moduleAdmin");
  const tc = useTranslations("common");
  const locale = useLocale() as TLocale;
  const { guard, close, requestClose } = useGuardedHashModal(row !== null, `admModule-${row?.ID ?? "none"}`, onClosed);
  return (
    <Sheet open={row !== null} onOpenChange={(open) => !open && requestClose()}>
      <SheetContent closeLabel={tc("close")} data-testid="form-sheet" data-mode={canWrite ? "edit" : "view"} className="gap-0 sm:max-w-3xl">
        <SheetHeader>
          <SheetTitle>{canWrite ? t("editTitle") : t("viewTitle")}</SheetTitle>
          <SheetDescription>{row ? [menuLabel(row, locale), row.parentName].filter(Boolean).join(" · ") : ""}</SheetDescription>
        </SheetHeader>
        {row && (
          <CloseGuardScope guard={guard}>
            <ModuleForm
              key={row.ID}
              row={row}
              canWrite={canWrite}
              onClose={requestClose}
              onSaved={() => {
                close();
                onSaved();
              }}
            />
          </CloseGuardScope>
        )}
      </SheetContent>
    </Sheet>
  );
}

interface Section {
  heading: TModuleRow;
  modules: TModuleRow[];
}

/** Headings in menu order, each with every module below it (a third-level heading's modules included). */
function sectionsOf(rows: TModuleRow[]): Section[] {
  const children = new Map<string | null, TModuleRow[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const below = (id: string): TModuleRow[] => (children.get(id) ?? []).flatMap((row) => [row, ...below(row.ID)]);
  return (children.get(null) ?? []).map((heading) => ({ heading, modules: below(heading.ID) }));
}

/**
 * admModule (spec 002 §2 "Home and module management", 000 §3 "Module"): every module of the school's menu grouped
 * by heading, each opening an edit drawer with its names, order, icon, visibility, set-up message, the groups that
 * may read and modify it and the optional fields the school switches off. After a save the menu is fetched again.
 */
export function ModuleAdmin({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("moduleAdmin");
  const locale = useLocale() as TLocale;
  const session = useAppSession();
  const client = useQueryClient();
  const modules = apiGet<TModuleListAnswer>("admModule/get", { query: { admin: "true" } });
  // Module management's list (admin=true, no pick) is of whole rows.
  const rows = (useQuery(modules).data?.Results ?? null) as TModuleRow[] | null;
  const [open, setOpen] = useState<TModuleRow | null>(null);
  const [search, setSearch] = useState("");

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: modules.queryKey });
    const menu = await api.get<TLoginAnswer>(`admStaff/tenants/${session.tenant.id}/menu`, { notify: false });
    if (menu.ok) storeLoginAnswer(menu.envelope.data);
  };

  const query = normalise(search);
  const matches = (row: TModuleRow) => !query || [row.name, row.nameEN, row.ID].some((text) => normalise(text).includes(query));
  const sections = sectionsOf(rows ?? [])
    .map((section) => ({ ...section, modules: section.modules.filter(matches) }))
    .filter((section) => section.modules.length > 0 || matches(section.heading));

  const card = (row: TModuleRow, heading = false) => (
    <button
      key={row.ID}
      type="button"
      data-testid={`module-admin-${row.ID}`}
      onClick={() => setOpen(row)}
      className={cn(
        "flex min-h-14 items-center gap-3 rounded-lg border bg-card p-3 text-left text-card-foreground shadow-xs outline-none transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring",
        heading && "bg-muted/40",
      )}
    >
      <span
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-md",
          row.hidden ? "bg-muted text-muted-foreground" : "bg-primary/10 text-primary",
        )}
      >
        <ModuleIcon name={row.icon} className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate text-sm font-medium">{menuLabel(row, locale)}</span>
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          {row.parentName && <span>{row.parentName}</span>}
          {row.hidden && <Badge variant="outline">{t("hidden")}</Badge>}
          {row.inactiveFields.length > 0 && <Badge variant="secondary">{t("inactiveCount", { count: row.inactiveFields.length })}</Badge>}
        </span>
      </span>
      <Pencil className="size-4 shrink-0 text-muted-foreground" aria-label={canWrite ? t("edit") : t("view")} />
    </button>
  );

  return (
    <div className="flex flex-col gap-5" data-testid="module-admin">
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t("search")}
          aria-label={t("search")}
          className="pl-8"
          data-testid="module-admin-search"
        />
      </div>
      {rows === null ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          {t("loading")}
        </p>
      ) : sections.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        sections.map((section) => (
          <section key={section.heading.ID} className="flex flex-col gap-3" aria-label={menuLabel(section.heading, locale)}>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">{card(section.heading, true)}</div>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">{section.modules.map((row) => card(row))}</div>
          </section>
        ))
      )}
      <ModuleSheet row={open} canWrite={canWrite} onClosed={() => setOpen(null)} onSaved={() => void refresh()} />
    </div>
  );
}
