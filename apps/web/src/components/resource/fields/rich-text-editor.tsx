"use client";

import type { TContentFileAnswer } from "@pizarra/contracts";
import { Button, cn, toast, WithTooltip } from "@pizarra/ui";
import { Bold, ImagePlus, Italic, Link2, List, ListOrdered, LoaderCircle, Underline } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { api } from "@/client/api.ts";
import { DEFAULT_IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, readBase64 } from "../upload-files.ts";
import { asText, controlProps, type WidgetProps } from "./widget-props.ts";

const COMMANDS = [
  { command: "bold", icon: Bold, label: "bold" },
  { command: "italic", icon: Italic, label: "italic" },
  { command: "underline", icon: Underline, label: "underline" },
  { command: "insertUnorderedList", icon: List, label: "bulletList" },
  { command: "insertOrderedList", icon: ListOrdered, label: "numberedList" },
] as const;

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** The sources of the images in the content. */
const imageSources = (root: HTMLElement | null) => new Set(Array.from(root?.querySelectorAll("img") ?? [], (img) => img.getAttribute("src") ?? ""));

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
  const tToast = useTranslations("toast");
  const picker = useRef<HTMLInputElement>(null);
  const selection = useRef<Range | null>(null);
  /** Images uploaded in this editor and still in the content: removing one deletes its file (spec 000 §7). */
  const uploaded = useRef(new Set<string>());
  const [uploading, setUploading] = useState(false);

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
    const present = imageSources(ref.current);
    for (const url of uploaded.current) {
      if (present.has(url)) continue;
      uploaded.current.delete(url);
      void api.post("misc/content/file/delete", { name: url }, { notify: false });
    }
  };

  /** The caret's place before the file chooser takes the focus, so that the image lands where it was. */
  const keepSelection = () => {
    const range = window.getSelection()?.rangeCount ? window.getSelection()!.getRangeAt(0) : null;
    selection.current = range && ref.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };

  /** Spec 000 §5 and §7: a jpg or png of at most 2 MB goes to misc/content/file; its permanent link is inserted. */
  const insertImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type) || file.size > DEFAULT_IMAGE_MAX_BYTES) {
      toast.error(tToast("errorTitle"), { description: t("imageRules") });
      return;
    }
    setUploading(true);
    const result = await api.post<TContentFileAnswer>("misc/content/file", { data: await readBase64(file) });
    setUploading(false);
    const url = result.ok ? result.envelope.data?.url : undefined;
    if (!url || !ref.current) return;
    ref.current.focus();
    const range = selection.current;
    if (range) {
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    }
    uploaded.current.add(url);
    run("insertImage", url);
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
        <WithTooltip label={t("image")}>
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={disabled || uploading}
            aria-label={t("image")}
            onMouseDown={(e) => {
              e.preventDefault();
              keepSelection();
            }}
            onClick={() => picker.current?.click()}
            data-testid={`${props.testId}-image`}
          >
            {uploading ? <LoaderCircle className="animate-spin" aria-hidden /> : <ImagePlus aria-hidden />}
          </Button>
        </WithTooltip>
        <input
          ref={picker}
          type="file"
          accept={IMAGE_MIME_TYPES.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => void insertImage(e)}
        />
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
        className="min-h-32 px-3 py-2 text-sm outline-none [&_a]:text-primary [&_a]:underline [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
      />
    </div>
  );
}
