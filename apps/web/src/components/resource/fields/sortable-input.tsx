"use client";

import { Button } from "@pizarra/ui";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useFieldOptions } from "./use-options.ts";
import { asText, controlProps, type WidgetProps } from "./widget-props.ts";

/** Spec 000 §2.8: a sortable list of options; the value is their IDs in order, joined by '|'. */
export const SORTABLE_SEPARATOR = "|";

/** The options in the order the value gives, then any option the value does not name yet. */
export function sortedIds(value: unknown, ids: readonly string[]): string[] {
  const named = asText(value)
    .split(SORTABLE_SEPARATOR)
    .filter((id) => ids.includes(id));
  return [...named, ...ids.filter((id) => !named.includes(id))];
}

export function SortableInput(props: WidgetProps) {
  const { field, value, onChange, disabled } = props;
  const t = useTranslations("moduleScreen");
  const { options } = useFieldOptions(field, props.text, props.dependsValue);
  const byId = new Map(options.map((o) => [String(o.ID), o.name]));
  const order = sortedIds(value, [...byId.keys()]);
  const move = (index: number, step: number) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + step, 0, item!);
    onChange(next.join(SORTABLE_SEPARATOR));
  };

  return (
    <ol {...controlProps(props)} tabIndex={-1} className="flex flex-col divide-y rounded-md border outline-none">
      {order.map((id, index) => (
        <li key={id} className="flex items-center gap-2 px-3 py-1.5 text-sm">
          <span className="w-5 text-right text-xs text-muted-foreground tabular-nums">{index + 1}</span>
          <span className="flex-1 truncate">{byId.get(id)}</span>
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={disabled || index === 0}
            aria-label={t("moveUp", { item: byId.get(id) ?? id })}
            onClick={() => move(index, -1)}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={disabled || index === order.length - 1}
            aria-label={t("moveDown", { item: byId.get(id) ?? id })}
            onClick={() => move(index, 1)}
          >
            <ArrowDown aria-hidden />
          </Button>
        </li>
      ))}
    </ol>
  );
}
