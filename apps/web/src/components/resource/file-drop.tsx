"use client";

import { FileUp } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";

interface FileDropProps {
  /** What the file input accepts (extensions and MIME types). */
  accept: string;
  children: ReactNode;
  disabled: boolean;
  onFile: (file: File) => void;
  /** The input's own attributes: its id, test id and aria links. */
  inputProps: ComponentProps<"input"> & { "data-testid"?: string };
}

/** The dropzone of the import dialogs (001 §2 "Import dialog"): a file dropped on it or chosen by a click. */
export function FileDrop({ accept, children, disabled, onFile, inputProps }: FileDropProps) {
  return (
    <label
      className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-8 text-center text-sm text-muted-foreground transition-colors hover:border-primary/50 has-focus-visible:ring-2 has-focus-visible:ring-ring"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        const file = event.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
    >
      <FileUp className="size-6" aria-hidden />
      <span>{children}</span>
      <input
        type="file"
        accept={accept}
        className="sr-only"
        {...inputProps}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
