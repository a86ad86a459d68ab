"use client";

import { Button } from "@pizarra/ui";
import { Info, Puzzle } from "lucide-react";
import { useTranslations } from "next-intl";
import { controlProps, type WidgetProps } from "./widget-props.ts";

/** label: a line of text (the field's label is the text). */
export function LabelBlock(props: WidgetProps) {
  return (
    <p id={props.id} data-testid={props.testId} className="text-sm text-muted-foreground">
      {props.text.field(props.field.name)}
    </p>
  );
}

export function AlertBlock(props: WidgetProps) {
  const hint = props.text.hint(props.field.name);
  return (
    <div id={props.id} data-testid={props.testId} role="note" className="flex items-start gap-2 rounded-md border border-info/30 bg-info/10 p-3 text-sm">
      <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
      <div className="flex flex-col gap-0.5">
        <span className="font-medium">{props.text.field(props.field.name)}</span>
        {hint && <span className="text-muted-foreground">{hint}</span>}
      </div>
    </div>
  );
}

export function SeparatorBlock(props: WidgetProps) {
  return <hr id={props.id} data-testid={props.testId} className="my-1 border-border" />;
}

/** button: a form action; the behaviour belongs to the module that defines one. */
export function ButtonBlock(props: WidgetProps) {
  return (
    <Button id={props.id} data-testid={props.testId} variant="outline" disabled={props.disabled} className="w-fit">
      {props.text.field(props.field.name)}
    </Button>
  );
}

/** custom and embed: a component of their own that a module plugs in later. */
export function CustomPlaceholder(props: WidgetProps) {
  const t = useTranslations("moduleScreen");
  return (
    <div
      {...controlProps(props)}
      tabIndex={-1}
      className="flex items-center gap-3 rounded-md border border-dashed px-3 py-4 text-sm text-muted-foreground outline-none"
    >
      <Puzzle className="size-4 shrink-0" aria-hidden />
      {t("customLater")}
    </div>
  );
}
