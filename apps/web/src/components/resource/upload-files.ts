import { UPLOAD_TYPES, type FieldDef, type ResourceDef } from "@pizarra/contracts";
import { isBlank } from "./values.ts";

/** Spec 000 §5 "Files": what a dropzone or file field accepts unless its `ext` rule says otherwise. */
export const DEFAULT_FILE_EXTENSIONS = ["gif", "jpg", "jpeg", "png", "pdf", "docx", "xlsx", "zip"] as const;
/** Spec 000 §5: the image control takes jpeg and png, at most 2 MB. */
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png"] as const;
export const DEFAULT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 1;

/**
 * The form value of an image, file or dropzone field: the stored file's signed link (the record's `<field>Url`) and
 * the files chosen since, which are uploaded after the record is saved (spec 000 §4 "Upload").
 */
export interface UploadValue {
  url: string | null;
  files: File[];
  /** The stored file is to be taken away when the record is saved. */
  cleared?: boolean;
}

export function isUploadValue(value: unknown): value is UploadValue {
  return typeof value === "object" && value !== null && Array.isArray((value as UploadValue).files);
}

export function initialUpload(record: Record<string, unknown> | null, field: FieldDef): UploadValue {
  const url = record?.[`${field.name}Url`];
  return { url: isBlank(url) ? null : String(url), files: [] };
}

export const extensionOf = (name: string) => (name.includes(".") ? name.split(".").pop()!.toLowerCase() : "");

export function allowedExtensions(field: FieldDef): readonly string[] {
  return field.rules?.ext ?? (field.type === "image" ? ["jpeg", "jpg", "png"] : DEFAULT_FILE_EXTENSIONS);
}

export const maxFilesOf = (field: FieldDef) => (field.type === "dropzone" ? (field.rules?.maxFiles ?? DEFAULT_MAX_FILES) : 1);

/** "1.4 MB", "820 KB". */
export function formatBytes(bytes: number, locale: string): string {
  const format = (n: number) => new Intl.NumberFormat(locale === "en" ? "en-US" : "es-ES", { maximumFractionDigits: 1 }).format(n);
  if (bytes >= 1024 * 1024) return `${format(bytes / 1024 / 1024)} MB`;
  return `${format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** A file's bytes as base64 text, without the `data:…;base64,` prefix (spec 000 §3 "Uploaded file"). */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("read"));
    reader.readAsDataURL(file);
  });
}

/**
 * Spec 000 §5: an image is resized in the browser to fit the field's maxSize, keeping its aspect and its type (jpeg
 * stays jpeg, png stays png). A picture already inside the box is kept as it is.
 */
export async function fitImage(file: File, box: FieldDef["maxSize"]): Promise<File> {
  if (!box) return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, box.width / bitmap.width, box.height / bitmap.height);
  if (scale >= 1) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const type = file.type === "image/png" ? "image/png" : "image/jpeg";
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  return blob ? new File([blob], file.name, { type, lastModified: file.lastModified }) : file;
}

/** One file to upload after a save: `POST {resource}/{field}?id=` with {name: "<field>.<ext>", doc, data}. */
export interface PendingUpload {
  field: FieldDef;
  file: File;
}

/** The files chosen in a form, field after field and file after file (spec 000 §4: one after another). */
export function pendingUploads(def: ResourceDef, values: Record<string, unknown>): PendingUpload[] {
  return def.fields
    .filter((field) => UPLOAD_TYPES.has(field.type))
    .flatMap((field) => {
      const value = values[field.name];
      return isUploadValue(value) ? value.files.map((file) => ({ field, file })) : [];
    });
}

export async function uploadBody(upload: PendingUpload) {
  const ext = extensionOf(upload.file.name) || (upload.file.type === "image/png" ? "png" : "jpg");
  return { name: `${upload.field.name}.${ext}`, doc: upload.field.type !== "image", data: await readBase64(upload.file) };
}
