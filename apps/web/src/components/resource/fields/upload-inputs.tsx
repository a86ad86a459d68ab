"use client";

import { Button, cn } from "@pizarra/ui";
import { FileText, ImagePlus, Trash2, Upload, X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from "react";
import {
  allowedExtensions,
  DEFAULT_IMAGE_MAX_BYTES,
  extensionOf,
  fitImage,
  formatBytes,
  IMAGE_MIME_TYPES,
  isUploadValue,
  maxFilesOf,
  type UploadValue,
} from "../upload-files.ts";
import { controlProps, type WidgetProps } from "./widget-props.ts";

const EMPTY: UploadValue = { url: null, files: [] };

/** Why the chosen file was refused (type, size, count), said under the control. */
function Problem({ testId, problem }: { testId: string; problem: string | null | undefined }) {
  return problem ? (
    <p role="alert" className="text-sm text-destructive" data-testid={`${testId}-problem`}>
      {problem}
    </p>
  ) : null;
}
/** The catalogue's validation texts (`validation.ext`, `validation.fileSize`) keep the spec's ":name" placeholders. */
function useFileChecks(props: WidgetProps) {
  const t = useTranslations();
  const attribute = props.text.field(props.field.name);
  const fill = (key: string, values: Record<string, string | number>) =>
    String(t.raw(key)).replace(/:([A-Za-z]+)/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  return {
    wrongType: (values: readonly string[]) => fill("validation.ext", { attribute, values: values.join(", ") }),
    tooBig: (maxBytes: number) => fill("validation.fileSize", { attribute, max: Math.round(maxBytes / 1024 / 1024) }),
  };
}

/** A link to a chosen file's bytes for as long as it is shown. */
function useObjectUrl(file: File | undefined): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * image (spec 000 §5 "Files"): one jpeg or png of at most `maxBytes` (2 MB), resized in the browser to fit the
 * field's `maxSize`, previewed (the stored one's signed link when editing) and uploaded after the record is saved.
 */
export function ImageInput(props: WidgetProps) {
  const { field, disabled, onChange } = props;
  const t = useTranslations("moduleScreen");
  const checks = useFileChecks(props);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const value = isUploadValue(props.value) ? props.value : EMPTY;
  const chosen = value.files[0];
  const chosenUrl = useObjectUrl(chosen);
  const shown = chosenUrl ?? value.url;
  const maxBytes = field.rules?.maxBytes ?? DEFAULT_IMAGE_MAX_BYTES;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return setProblem(checks.wrongType(allowedExtensions(field)));
    if (file.size > maxBytes) return setProblem(checks.tooBig(maxBytes));
    setProblem(null);
    try {
      onChange({ ...value, files: [await fitImage(file, field.maxSize)] });
    } catch {
      setProblem(checks.wrongType(allowedExtensions(field)));
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <div
          className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted/40"
          data-testid={`${props.testId}-preview`}
        >
          {shown ? (
            <img src={shown} alt={props.text.field(field.name)} className="size-full object-contain" />
          ) : (
            <ImagePlus className="size-6 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <input
            {...controlProps(props)}
            ref={input}
            type="file"
            accept={IMAGE_MIME_TYPES.join(",")}
            disabled={disabled}
            className="sr-only"
            onChange={(e) => void pick(e)}
          />
          <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()} data-testid={`${props.testId}-pick`}>
            <Upload aria-hidden />
            {shown ? t("changeImage") : t("chooseImage")}
          </Button>
          {shown && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={disabled}
              onClick={() => onChange(chosen ? { ...value, files: [] } : { url: null, files: [], cleared: true })}
              data-testid={`${props.testId}-remove`}
            >
              <Trash2 aria-hidden />
              {t("removeFile")}
            </Button>
          )}
          {chosen && <span className="text-xs text-muted-foreground">{t("pendingUpload")}</span>}
        </div>
      </div>
      <Problem testId={props.testId} problem={problem} />
    </div>
  );
}

/**
 * file and dropzone (spec 000 §5 "Files"): chosen (or, for a dropzone, dropped) files of the accepted types, at most
 * `maxFiles` (default 1), listed with their size; a form uploads them after the record is saved, an action's dialog
 * sends the first one as base64 text.
 */
export function FileInput(props: WidgetProps) {
  const { field, disabled, onChange } = props;
  const t = useTranslations("moduleScreen");
  const locale = useLocale();
  const checks = useFileChecks(props);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const value = isUploadValue(props.value) ? props.value : EMPTY;
  const extensions = allowedExtensions(field);
  const maxFiles = maxFilesOf(field);
  const maxBytes = field.rules?.maxBytes;
  const dropzone = field.type === "dropzone";

  const add = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const wrong = files.find((file) => !extensions.includes(extensionOf(file.name)));
    if (wrong) return setProblem(checks.wrongType(extensions));
    if (maxBytes && files.some((file) => file.size > maxBytes)) return setProblem(checks.tooBig(maxBytes));
    // A single-file field takes the new file in place of the old one; a dropzone adds up to its limit.
    const next = maxFiles === 1 ? files.slice(0, 1) : [...value.files, ...files];
    if (next.length > maxFiles || (maxFiles === 1 && files.length > 1)) return setProblem(t("maxFiles", { n: maxFiles }));
    setProblem(null);
    onChange({ ...value, files: next });
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) add(event.dataTransfer.files);
  };

  return (
    <div className="flex flex-col gap-2">
      <input
        {...controlProps(props)}
        ref={input}
        type="file"
        multiple={maxFiles > 1}
        accept={extensions.map((ext) => `.${ext}`).join(",")}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          add(e.target.files);
          e.target.value = "";
        }}
      />
      {dropzone ? (
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          data-testid={`${props.testId}-drop`}
          className={cn(
            "flex flex-col items-center gap-1 rounded-md border border-dashed px-3 py-6 text-sm text-muted-foreground transition-colors disabled:opacity-50",
            over && "border-primary bg-primary/5 text-foreground",
          )}
        >
          <Upload className="size-5" aria-hidden />
          <span>{t("dropFiles")}</span>
          <span className="text-xs">{extensions.join(", ")}</span>
        </button>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={disabled}
          onClick={() => input.current?.click()}
          data-testid={`${props.testId}-pick`}
        >
          <Upload aria-hidden />
          {t("chooseFile")}
        </Button>
      )}
      {value.files.length > 0 && (
        <ul className="flex flex-col gap-1" data-testid={`${props.testId}-files`}>
          {value.files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="text-xs text-muted-foreground tabular-nums">{formatBytes(file.size, locale)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                disabled={disabled}
                aria-label={t("removeNamed", { name: file.name })}
                onClick={() => onChange({ ...value, files: value.files.filter((_, i) => i !== index) })}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {value.url && value.files.length === 0 && (
        <div className="flex items-center gap-2">
          <a href={value.url} target="_blank" rel="noreferrer" className="w-fit text-sm text-primary underline">
            {t("storedFile")}
          </a>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            disabled={disabled}
            aria-label={t("removeStored")}
            data-testid={`${props.testId}-remove`}
            onClick={() => onChange({ url: null, files: [], cleared: true })}
          >
            <X aria-hidden />
          </Button>
        </div>
      )}
      <Problem testId={props.testId} problem={problem} />
    </div>
  );
}
