import type { TContentFileAnswer, TContentFileDeleteAnswer, ZContentFile, ZContentFileDelete } from "@pizarra/contracts";
import type { z } from "zod";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import type { ResourceServer } from "../../resource/factory.ts";
import { contentMatches } from "../../storage/file-types.ts";
import { contentKey, contentPrefix, isContentKey, keyOfPublicFileUrl, publicFileUrl, storage } from "../../storage/storage.ts";

/** Spec 000 §7: the editor uploads .jpg images; png is taken too. Judged by the bytes, whatever the client says. */
const TYPES = ["jpg", "png"] as const;
/** Spec 000 §9: images up to 2 MB. */
const MAX_BYTES = 2 * 1024 * 1024;
const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;

const refuse = (ctx: AuthedContext, field: string, key: string, values: Record<string, string | number> = {}) =>
  fieldRefusal(field, ctx.t(`validation.${key}`, { attribute: ctx.t(`fields.${field}`), ...values }));

/** POST misc/content/file {data}: stores an editor image under a server-made name → data.url, a lasting link. */
export async function uploadContentFile(ctx: AuthedContext & { body: z.infer<typeof ZContentFile> }): Promise<Reply<TContentFileAnswer>> {
  const payload = ctx.body.data.replace(/^data:[^;,]*;base64,/, "").replace(/\s/g, "");
  if (!BASE64_RE.test(payload)) throw refuse(ctx, "data", "base64");
  const bytes = Buffer.from(payload, "base64");
  if (bytes.length > MAX_BYTES) throw refuse(ctx, "data", "fileSize", { max: MAX_BYTES / 1024 / 1024 });
  const ext = TYPES.find((type) => contentMatches(type, bytes));
  if (!ext) throw refuse(ctx, "data", "ext", { values: TYPES.join(", ") });
  const key = contentKey(ctx.user.tenantId, ctx.user.id, ext);
  await storage().put(key, bytes);
  return { data: { url: publicFileUrl(key), name: key }, msgKey: "api.uploaded" };
}

/** The modules whose records' rich text shows this image (one query per served resource with an editor field). */
async function modulesHolding(ctx: AuthedContext, key: string, served: readonly ResourceServer[]): Promise<string[]> {
  const modules: string[] = [];
  for (const server of served) {
    const editors = server.def.fields.filter((f) => f.type === "editor" && !server.virtual?.includes(f.name));
    if (editors.length === 0 || modules.includes(server.def.module)) continue;
    const model = (ctx.db as unknown as Record<string, { count(args: object): Promise<number> }>)[server.model]!;
    const held = await model.count({ where: { AND: [server.scope?.where ?? {}, { OR: editors.map((f) => ({ [f.name]: { contains: key } })) }] } });
    if (held) modules.push(server.def.module);
  }
  return modules;
}

/**
 * POST misc/content/file/delete {name}: removes an editor image of this school, named by its link or its key. Only its
 * uploader (their id is in the key) or someone who may edit a record whose text shows it (in one of the `served`
 * resources) may remove it.
 */
export async function deleteContentFile(
  ctx: AuthedContext & { body: z.infer<typeof ZContentFileDelete> },
  served: readonly ResourceServer[],
): Promise<Reply<TContentFileDeleteAnswer>> {
  const { name } = ctx.body;
  const key = name.startsWith("/api/files/") ? keyOfPublicFileUrl(name) : name;
  if (!key || !isContentKey(key) || !key.startsWith(`t${ctx.user.tenantId}/`)) throw refuse(ctx, "name", "invalid");
  if (!key.startsWith(contentPrefix(ctx.user.tenantId, ctx.user.id))) {
    const holders = await modulesHolding(ctx, key, served);
    if (!holders.some((module) => ctx.user.access.get(module)?.write)) throw new AppError(-403, "api.contentFileNotYours", 403);
  }
  await storage().remove(key);
  return { data: { name: key }, msgKey: "api.deleted" };
}
