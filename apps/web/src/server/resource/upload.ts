import { randomBytes } from "node:crypto";
import { labelKeyOf, type FieldDef, type ResourceDef } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { z } from "zod";
import { fieldRefusal, notFound } from "../http/app-error.ts";
import type { AuthedContext, Reply } from "../http/context.ts";
import { contentMatches, DEFAULT_EXTENSIONS } from "../storage/file-types.ts";
import { fileUrl, storage } from "../storage/storage.ts";
import { audit } from "./audit.ts";

/** Spec 000 §3 "Upload payload": name (field name plus extension), doc (not an image), data (base64). */
export const ZUpload = z.object({
  name: z.string().trim().min(3).max(200),
  doc: z.boolean().optional(),
  data: z.string().min(1).max(15_000_000),
});
export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;

function refuse(ctx: AuthedContext, def: ResourceDef, field: string, key: string, values: Record<string, string | number> = {}): never {
  const msg = ctx.t(`validation.${key}`, { attribute: ctx.t(labelKeyOf(def)(field)), ...values });
  throw fieldRefusal(field, msg);
}

interface UploadTarget {
  def: ResourceDef;
  field: FieldDef;
  /** Reads the record's current file (scoped to the tenant); null when there is no such record. */
  current(id: number | string): Promise<{ previous: string | null } | null>;
  /** Points the record at the new file, inside the upload's transaction. */
  save(tx: TenantTx, id: number | string, key: string): Promise<void>;
}

/**
 * POST {resource}/file?id= (and {resource}/{field}?id=): checks the extension against the field's `ext` rule, the
 * size against its limit and the bytes against the extension (a renamed file is refused), stores the file under a
 * name the server makes, and points the record at it.
 */
export async function upload(ctx: AuthedContext, target: UploadTarget, id: number | string, body: z.infer<typeof ZUpload>): Promise<Reply> {
  const { def, field } = target;
  const ext = body.name.split(".").pop()!.toLowerCase();
  const allowed = field.rules?.ext ?? DEFAULT_EXTENSIONS;
  if (!allowed.includes(ext)) refuse(ctx, def, field.name, "ext", { values: allowed.join(", ") });
  const payload = body.data.replace(/^data:[^;,]*;base64,/, "").replace(/\s/g, "");
  if (!BASE64_RE.test(payload)) refuse(ctx, def, field.name, "base64");
  const bytes = Buffer.from(payload, "base64");
  const limit = field.rules?.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > limit) refuse(ctx, def, field.name, "fileSize", { max: Math.round(limit / 1024 / 1024) });
  if (!contentMatches(ext, bytes)) refuse(ctx, def, field.name, "fileContent", { values: ext });
  const record = await target.current(id);
  if (!record) throw notFound();

  const key = `t${ctx.user.tenantId}/${def.id}/${id}/${field.name}-${randomBytes(8).toString("hex")}.${ext}`;
  await storage().put(key, bytes);
  try {
    await ctx.db.$transaction(async (tx) => {
      await target.save(tx, id, key);
      await audit(tx, ctx, def.module, "edit", id);
    });
  } catch (error) {
    await storage().remove(key);
    throw error;
  }
  if (record.previous)
    await storage()
      .remove(record.previous)
      .catch(() => {});
  return { data: { name: field.name, value: key, url: fileUrl(key) }, msgKey: "api.uploaded" };
}
