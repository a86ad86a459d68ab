"use client";

import type { ColumnDef, ResourceDef } from "@pizarra/contracts";
import { Badge, Checkbox, cn } from "@pizarra/ui";
import { Check } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { ResourceText } from "./resource-text.ts";
import { isBlank } from "./values.ts";

/**
 * Spec 000 §2.6: chip colours are design tokens. A colour's text on its own 15 % tint is too faint to read (axe's
 * contrast rule), so the text is the colour drawn towards the page's ink: darker in light mode, lighter in dark mode.
 */
export const CHIP_TONES: Record<string, string> = {
  primary: "bg-primary/15 text-[color-mix(in_oklab,var(--color-primary)_65%,var(--color-foreground))]",
  success: "bg-success/15 text-[color-mix(in_oklab,var(--color-success)_65%,var(--color-foreground))]",
  warning: "bg-warning/20 text-warning-foreground",
  danger: "bg-destructive/15 text-[color-mix(in_oklab,var(--color-destructive)_65%,var(--color-foreground))]",
  info: "bg-info/15 text-[color-mix(in_oklab,var(--color-info)_65%,var(--color-foreground))]",
  muted: "bg-muted text-muted-foreground",
};
/** The theme colour names (spec 000 §2.2): a chip of one of them is drawn in that colour. */
const THEME_NAMES = new Set(["blue", "green", "greysteel", "orange", "purple", "red"]);

/** Numbers and decimals sit on the right unless the column says otherwise. */
export function columnAlign(column: ColumnDef): "start" | "end" | "center" {
  if (column.align) return column.align;
  if (column.kind === "number" || column.kind === "decimal" || column.kind === "progress") return "end";
  if (column.kind === "bool" || column.kind === "checkbox" || column.kind === "image") return "center";
  return "start";
}

export const ALIGN_CLASS = { start: "text-left", end: "text-right", center: "text-center" } as const;

/** The field whose option labels a column shows: `optionsOf`, else the column's own field when it is a fixed-list select. */
function optionField(def: ResourceDef, column: ColumnDef): string | null {
  if (column.optionsOf) return column.optionsOf;
  const field = def.fields.find((f) => f.name === column.field);
  return field?.options?.kind === "values" ? field.name : null;
}

/** What a column shows of a row: an image column of an uploaded file shows its signed link (`<field>Url`). */
export function cellValue(column: ColumnDef, row: Record<string, unknown>): unknown {
  const url = `${column.field}Url`;
  return column.kind === "image" && url in row ? row[url] : row[column.field];
}

/** A column's text for printing and for cells that are text (the same label as the screen shows). */
export function cellText(def: ResourceDef, column: ColumnDef, value: unknown, text: ResourceText, yesNo: (v: boolean) => string): string {
  if (isBlank(value)) return "";
  if (column.kind === "bool" || column.kind === "checkbox") return yesNo(Boolean(value));
  const options = optionField(def, column);
  return options ? text.option(options, value) : String(value);
}

/** One grid cell by column kind (spec 000 §2.6): check, date, decimal, chip, image, progress, checkbox. */
export function GridCell({ def, column, value, text }: { def: ResourceDef; column: ColumnDef; value: unknown; text: ResourceText }) {
  const t = useTranslations("moduleScreen");
  const locale = useLocale();
  const label = text.field(column.field);
  switch (column.kind) {
    case "bool":
      return value ? <Check className="mx-auto size-4 text-success" aria-label={t("yes")} /> : <span className="sr-only">{t("no")}</span>;
    case "checkbox":
      return <Checkbox checked={Boolean(value)} disabled aria-label={label} className="align-middle disabled:opacity-80" />;
    case "decimal":
      if (isBlank(value) || Number.isNaN(Number(value))) return <>{isBlank(value) ? "" : String(value)}</>;
      return <>{new Intl.NumberFormat(locale === "en" ? "en-US" : "es-ES", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value))}</>;
    case "image":
      return isBlank(value) ? null : <img src={String(value)} alt="" loading="lazy" className="mx-auto size-8 rounded-md border object-cover" />;
    case "progress": {
      const percent = Math.min(100, Math.max(0, Number(value) || 0));
      return (
        <span className="flex items-center justify-end gap-2">
          <span
            className="h-1.5 w-10 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={label}
          >
            <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </span>
          <span className="w-9 text-xs tabular-nums">{percent}%</span>
        </span>
      );
    }
    case "chip": {
      if (isBlank(value)) return null;
      const raw = String(value);
      const tone = column.colors?.[raw];
      const theme = !tone && THEME_NAMES.has(raw) ? `light.${raw}` : undefined;
      return (
        <Badge data-theme={theme} className={cn(CHIP_TONES[tone ?? (theme ? "primary" : "muted")] ?? CHIP_TONES.muted)}>
          {cellText(def, column, value, text, () => "")}
        </Badge>
      );
    }
    default:
      return <>{cellText(def, column, value, text, (v) => (v ? t("yes") : t("no")))}</>;
  }
}
