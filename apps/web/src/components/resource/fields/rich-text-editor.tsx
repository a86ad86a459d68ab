"use client";

import { Button, cn, WithTooltip } from "@pizarra/ui";
import { Bold, Italic, Link2, List, ListOrdered, Underline } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { asText, controlProps, type WidgetProps } from "./widget-props.ts";

const COMMANDS = [
  { command: "bold", icon: Bold, label: "bold" },
  { command: "italic", icon: Italic, label: "italic" },
  { command: "underline", icon: Underline, label: "underline" },
  { command: "insertUnorderedList", icon: List, label: "bulletList" },
  { command: "insertOrderedList", icon: ListOrdered, label: "numberedList" },
] as const;

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/**
 * A small rich-text editor (spec 000 §2.8 "editor"): the value is HTML. What it shows came from the server, which
 * sanitises rich text before storing it (ARCHITECTURE.md, security defaults), and the page's CSP runs no inline code.
 */
export function RichTextEditor(props: WidgetProps) {
  const { value, onChange, onBlur, disabled } = props;
  const t = useTranslations("moduleScreen.editor");
  const ref = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const html = asText(value);

  useEffect(() => {
    // Only a value from outside (the record loading, a reset) rewrites the content; typing would lose the caret.
    if (ref.current && html !== emitted.current) {
      ref.current.innerHTML = html;
      emitted.current = html;
    }
  }, [html]);

  const emit = () => {
    const next = ref.current?.innerHTML ?? "";
    const empty = ref.current?.textContent?.trim() === "" && !ref.current.querySelector("img");
    emitted.current = empty ? "" : next;
    onChange(emitted.current);
  };

  const run = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };

  const addLink = () => {
    const url = window.prompt(t("linkPrompt"), "https://")?.trim();
    if (url && SAFE_LINK.test(url)) run("createLink", url);
  };

  return (
    <div
      className={cn(
        "flex flex-col rounded-md border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40",
        props.error && "border-destructive",
        disabled && "opacity-50",
      )}
    >
      <div role="toolbar" aria-label={t("toolbar")} className="flex flex-wrap gap-0.5 border-b p-1">
        {COMMANDS.map(({ command, icon: Icon, label }) => (
          <WithTooltip key={command} label={t(label)}>
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={disabled}
              aria-label={t(label)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(command)}
            >
              <Icon aria-hidden />
            </Button>
          </WithTooltip>
        ))}
        <WithTooltip label={t("link")}>
          <Button variant="ghost" size="icon-sm" disabled={disabled} aria-label={t("link")} onMouseDown={(e) => e.preventDefault()} onClick={addLink}>
            <Link2 aria-hidden />
          </Button>
        </WithTooltip>
      </div>
      <div
        {...controlProps(props)}
        ref={ref}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${props.id}-label`}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={onBlur}
        className="min-h-32 px-3 py-2 text-sm outline-none [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
      />
    </div>
  );
}
