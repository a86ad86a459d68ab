/** File types the spec accepts (000 §5: gif, jpg, jpeg, png, pdf, docx, xlsx, zip; doc for justifications), by content. */
const SIGNATURES: Record<string, { mime: string; magic: number[][] }> = {
  jpg: { mime: "image/jpeg", magic: [[0xff, 0xd8, 0xff]] },
  jpeg: { mime: "image/jpeg", magic: [[0xff, 0xd8, 0xff]] },
  png: { mime: "image/png", magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  gif: { mime: "image/gif", magic: [[0x47, 0x49, 0x46, 0x38]] },
  pdf: { mime: "application/pdf", magic: [[0x25, 0x50, 0x44, 0x46]] },
  zip: { mime: "application/zip", magic: [[0x50, 0x4b, 0x03, 0x04]] },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", magic: [[0x50, 0x4b, 0x03, 0x04]] },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", magic: [[0x50, 0x4b, 0x03, 0x04]] },
  doc: { mime: "application/msword", magic: [[0xd0, 0xcf, 0x11, 0xe0]] },
};

export const DEFAULT_EXTENSIONS = ["gif", "jpg", "jpeg", "png", "pdf", "docx", "xlsx", "zip"];

export function mimeOf(ext: string): string {
  return SIGNATURES[ext]?.mime ?? "application/octet-stream";
}

/** True when the bytes really are a file of that extension (a renamed .exe is not a .png). */
export function contentMatches(ext: string, bytes: Buffer): boolean {
  const signature = SIGNATURES[ext];
  return Boolean(signature?.magic.some((magic) => magic.every((byte, i) => bytes[i] === byte)));
}
