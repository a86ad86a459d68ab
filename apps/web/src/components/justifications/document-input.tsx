"use client";

import { Button, FieldError, Label } from "@pizarra/ui";
import { Camera, FileUp, Paperclip, X } from "lucide-react";
import { useRef, type ChangeEvent } from "react";

export interface DocumentInputLabels {
  label: string;
  choose: string;
  /** The camera button's text, on pages that offer one. */
  camera?: string;
  remove: string;
  /** A hint under the buttons: the types and size allowed. */
  hint: string;
}

interface DocumentInputProps {
  id: string;
  labels: DocumentInputLabels;
  accept: string;
  /** The file chosen now, else the one already stored (its name and link), else nothing. */
  file: File | null;
  stored?: { name: string; url: string } | null;
  onFile: (file: File) => void;
  onClear: () => void;
  error?: string;
  disabled?: boolean;
  /** Offer a second button that opens a phone's camera straight away (the `capture` attribute). */
  camera?: boolean;
}

/**
 * The document of a justification (002 §5): a file picked, or on a phone a photo taken there and then; its name shown
 * with a button that takes it away. The checks of type and size are the caller's, which shows `error`.
 */
export function DocumentInput({ id, labels, accept, file, stored, onFile, onClear, error, disabled, camera }: DocumentInputProps) {
  const picker = useRef<HTMLInputElement>(null);
  const shooter = useRef<HTMLInputElement>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared, so that choosing the same file again after removing it is a change too.
    event.target.value = "";
    if (chosen) onFile(chosen);
  };
  const shown = file ? { name: file.name, url: null } : (stored ?? null);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={`${id}-label`}>
      <Label id={`${id}-label`} htmlFor={id}>
        {labels.label}
      </Label>
      {shown && (
        <div className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid={`${id}-chosen`}>
          <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {shown.url ? (
            <a href={shown.url} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 truncate text-primary underline-offset-4 hover:underline">
              {shown.name}
            </a>
          ) : (
            <span className="min-w-0 flex-1 truncate">{shown.name}</span>
          )}
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={labels.remove}
            title={labels.remove}
            onClick={onClear}
            disabled={disabled}
            data-testid={`${id}-remove`}
          >
            <X aria-hidden />
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {camera && labels.camera && (
          <Button type="button" variant="outline" onClick={() => shooter.current?.click()} disabled={disabled} data-testid={`${id}-camera`}>
            <Camera aria-hidden />
            {labels.camera}
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          onClick={() => picker.current?.click()}
          disabled={disabled}
          aria-describedby={describedBy}
          data-testid={`${id}-pick`}
        >
          <FileUp aria-hidden />
          {labels.choose}
        </Button>
      </div>
      <input
        ref={picker}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        onChange={pick}
        data-testid={id}
      />
      {camera && (
        <input
          ref={shooter}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          disabled={disabled}
          onChange={pick}
        />
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {labels.hint}
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
