import { randomBytes } from "node:crypto";
import { type FieldDef, labelKeyOf, type Translate, type TUpload, type TUploadAnswer } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { fieldRefusal, notFound } from "../http/app-error.ts";
import type { AuthedContext, Reply } from "../http/context.ts";
import { contentMatches, DEFAULT_EXTENSIONS } from "../storage/file-types.ts";
import { fileUrl, storage } from "../storage/storage.ts";
import { audit } from "./audit.ts";
import type { Guard } from "./guard.ts";
import type { Reader } from "./reader.ts";
import { delegateOf, parseKey, type ResourceServer } from "./resource-server.ts";

export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Where an upload goes: the field it is refused by (`label` its caption's key) and answered under, the extensions and
 * size it takes, the key prefix it is stored under, the module its audit names, and how its record is read and pointed
 * at the new file.
 */
export interface FileSlot {
  field: string;
  label: string;
  allowed: readonly string[];
  maxBytes: number;
  /** A refusal of its own for a wrong extension (else the generic "only these types"). */
  extMessage?: string;
  keyPrefix: string;
  module: string;
  auditId: number | string;
  /** The record's current file (scoped to the tenant); null when there is no such record. */
  current(): Promise<{ previous: string | null } | null>;
  /** Points the record at the new file, inside the upload's transaction. */
  save(tx: TenantTx, key: string): Promise<void>;
}

/** What a file is checked against: the field it is refused by, its caption's key, the extensions and size it takes. */
export type FileRules = Pick<FileSlot, "field" | "label" | "allowed" | "maxBytes" | "extMessage">;

/**
 * A sent file's bytes once its extension, its base64, its size and its content (against the extension: a renamed file
 * is refused) are right; otherwise a refusal naming the field in the caller's language.
 */
export function checkedFile(t: Translate, rules: FileRules, name: string, data: string): { ext: string; bytes: Buffer } {
  const refuse = (key: string, values: Record<string, string | number> = {}): never => {
    throw fieldRefusal(rules.field, t(`validation.${key}`, { attribute: t(rules.label), ...values }));
  };
  const ext = name.split(".").pop()!.toLowerCase();
  if (!rules.allowed.includes(ext)) {
    if (rules.extMessage) throw fieldRefusal(rules.field, t(rules.extMessage));
    refuse("ext", { values: rules.allowed.join(", ") });
  }
  const payload = data.replace(/^data:[^;,]*;base64,/, "").replace(/\s/g, "");
  if (!BASE64_RE.test(payload)) refuse("base64");
  const bytes = Buffer.from(payload, "base64");
  if (bytes.length > rules.maxBytes) refuse("fileSize", { max: Math.round(rules.maxBytes / 1024 / 1024) });
  if (!contentMatches(ext, bytes)) refuse("fileContent", { values: ext });
  return { ext, bytes };
}

/**
 * Checks the file (checkedFile), stores it under a name the server makes, points the record at it in one transaction
 * with its audit, and removes the file it replaced.
 */
export async function storeUpload(ctx: AuthedContext, slot: FileSlot, body: TUpload): Promise<Reply<TUploadAnswer>> {
  const { ext, bytes } = checkedFile(ctx.t, slot, body.name, body.data);
  const record = await slot.current();
  if (!record) throw notFound();

  const key = `${slot.keyPrefix}-${randomBytes(8).toString("hex")}.${ext}`;
  await storage().put(key, bytes);
  try {
    await ctx.db.$transaction(async (tx) => {
      await slot.save(tx, key);
      await audit(tx, ctx, slot.module, "edit", slot.auditId);
    });
  } catch (error) {
    await storage().remove(key);
    throw error;
  }
  if (record.previous)
    await storage()
      .remove(record.previous)
      .catch(() => {});
  return { data: { name: slot.field, value: key, url: fileUrl(key) }, msgKey: "api.uploaded" };
}

/**
 * The handler of POST {resource}/file?id= (the field named by the file's name) or {resource}/{field}?id= (`fixed`): a
 * record's file field, by the field's `ext` and size rules, the record read in the resource's scope and written past
 * its guard.
 */
export function recordUpload(server: ResourceServer, reader: Reader, guard: Guard) {
  const { def } = server;
  const { scoped, uploadFields } = reader;
  return (fixed?: FieldDef) => (ctx: AuthedContext & { query: { id: string }; body: TUpload }) => {
    const id = parseKey(def, ctx.query.id);
    const name = fixed?.name ?? ctx.body.name.split(".")[0];
    const field = uploadFields.find((f) => f.name === name);
    if (!field) throw fieldRefusal("name", ctx.t("api.uploadField", { field: String(name) }));
    const slot: FileSlot = {
      field: field.name,
      label: labelKeyOf(def)(field.name),
      allowed: field.rules?.ext ?? DEFAULT_EXTENSIONS,
      maxBytes: field.rules?.maxBytes ?? DEFAULT_MAX_BYTES,
      keyPrefix: `t${ctx.user.tenantId}/${def.id}/${id}/${field.name}`,
      module: def.module,
      auditId: id,
      current: async () => {
        const record = await delegateOf(ctx.db, server.model).findFirst({ where: scoped({ id }) });
        return record ? { previous: (record[field.name] as string | null) ?? null } : null;
      },
      save: async (tx, key) => {
        await guard(tx, id, ctx);
        await delegateOf(tx, server.model).updateMany({ where: scoped({ id }), data: { [field.name]: key } });
      },
    };
    return storeUpload(ctx, slot, ctx.body);
  };
}
