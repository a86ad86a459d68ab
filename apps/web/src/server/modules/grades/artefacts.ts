import { createHash, randomBytes } from "node:crypto";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fileUrl, storage } from "../../storage/storage.ts";

/** A grade's report-card zip, or a student's memo. */
export type ArtefactKind = "reportcards" | "memos";

/** How long a made file is offered again: a school day's worth of asking for the same report. */
const LIFETIME_MS = 24 * 3600 * 1000;
/** One person's new builds (a reused file is free) within WINDOW_MS: a zip draws hundreds of PDFs, a memo one page. */
const WINDOW_MS = 10 * 60 * 1000;
const BUILDS: Record<ArtefactKind, number> = { reportcards: 5, memos: 60 };
/** Expired artefacts removed per request: the sweep stays cheap however many piled up (the job queue will take it over). */
const SWEEP = 50;

/** A digest of everything drawn into a file and the language it is drawn in: equal digests, equal files. */
export function fingerprintOf(locale: string, inputs: unknown): string {
  return createHash("sha256").update(JSON.stringify([locale, inputs])).digest("hex");
}

/** A short digest of bytes that go into a file (a logo), so a fingerprint does not carry them whole. */
export const digestOf = (bytes: Buffer | null) => (bytes ? createHash("sha256").update(bytes).digest("hex") : null);

const removeFiles = (keys: (string | null)[]) => Promise.all(keys.map((key) => (key ? storage().remove(key).catch(() => undefined) : undefined)));

/** Artefacts past their lifetime go, rows and files, a bounded batch at a time. */
async function sweep(ctx: AuthedContext, now: Date) {
  const expired = await ctx.db.reportArtefact.findMany({ where: { expiresAt: { lte: now } }, select: { id: true, storageKey: true }, take: SWEEP });
  if (expired.length === 0) return;
  await ctx.db.reportArtefact.deleteMany({ where: { id: { in: expired.map((a) => a.id) } } });
  await removeFiles(expired.map((a) => a.storageKey));
}

/**
 * The stored file of `kind` about `subject` for these inputs: the one made before when nothing drawn into it changed,
 * else a new one (counted against the caller's builds), which supersedes the older ones. Answers data.url and the name
 * to save it as (001 §7).
 */
export async function artefact(
  ctx: AuthedContext,
  { kind, subject, inputs, filename, build }: { kind: ArtefactKind; subject: string; inputs: unknown; filename: string; build: () => Promise<Buffer> },
): Promise<Reply> {
  const now = new Date();
  await sweep(ctx, now);
  const fingerprint = fingerprintOf(ctx.locale, inputs);
  const same = await ctx.db.reportArtefact.findFirst({
    where: { kind, subject, fingerprint, storageKey: { not: null }, expiresAt: { gt: now } },
    orderBy: { id: "desc" },
    select: { storageKey: true, filename: true },
  });
  if (same?.storageKey) return { data: { url: fileUrl(same.storageKey), filename: same.filename, reused: true } };

  const since = new Date(now.getTime() - WINDOW_MS);
  const recent = await ctx.db.reportArtefact.findMany({ where: { kind, userId: ctx.user.id, createdAt: { gt: since } }, orderBy: { createdAt: "asc" }, select: { createdAt: true } });
  if (recent.length >= BUILDS[kind]) {
    const minutes = Math.max(1, Math.ceil((recent[0]!.createdAt.getTime() + WINDOW_MS - now.getTime()) / 60_000));
    throw new AppError(-429, "grades.artefactLimit", 429, { minutes });
  }

  const bytes = await build();
  const key = `t${ctx.user.tenantId}/${kind}/${subject}/${kind}-${randomBytes(8).toString("hex")}.${filename.split(".").pop()}`;
  await storage().put(key, bytes);
  const superseded = await ctx.db.$transaction(async (tx) => {
    const older = await tx.reportArtefact.findMany({ where: { kind, subject, storageKey: { not: null } }, select: { id: true, storageKey: true } });
    await tx.reportArtefact.updateMany({ where: { id: { in: older.map((a) => a.id) } }, data: { storageKey: null } });
    await tx.reportArtefact.create({ data: { kind, subject, fingerprint, storageKey: key, filename, userId: ctx.user.id, expiresAt: new Date(now.getTime() + LIFETIME_MS) } });
    return older.map((a) => a.storageKey);
  });
  await removeFiles(superseded);
  return { data: { url: fileUrl(key), filename, reused: false } };
}
