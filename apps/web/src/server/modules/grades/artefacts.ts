import { createHash, randomBytes } from "node:crypto";
import type { TStoredFileAnswer } from "@pizarra/contracts";
import { lockKey, type TenantTx } from "@pizarra/db";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fileUrl, storage } from "../../storage/storage.ts";

/** A grade's report-card zip, or a student's memo. */
export type ArtefactKind = "reportcards" | "memos";

/**
 * How long a made file is offered again and kept: a school day of asking for the same report (the secretary's
 * morning zip still answers the tutor in the afternoon), short enough that a school's disk holds about a day of them.
 */
const LIFETIME_MS = 24 * 3600 * 1000;
/** One person's new builds (a reused file is free) within WINDOW_MS: a zip draws hundreds of PDFs, a memo one page. */
const WINDOW_MS = 10 * 60 * 1000;
const BUILDS: Record<ArtefactKind, number> = { reportcards: 5, memos: 60 };
/** Expired artefacts removed per request: the sweep stays cheap however many piled up. */
const SWEEP = 50;

export const zipSubject = (periodId: number, gradeId: number) => `p${periodId}g${gradeId}`;
/** A memo's subject ends in its student (p202601s12), so all of one student's are found whatever their period. */
const ofStudent = (studentId: number) => `s${studentId}`;
export const memoSubject = (periodId: number, studentId: number) => `p${periodId}${ofStudent(studentId)}`;

/** A digest of everything drawn into a file and the language it is drawn in: equal digests, equal files. */
export function fingerprintOf(locale: string, inputs: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([locale, inputs]))
    .digest("hex");
}

const removeFiles = (keys: (string | null)[]) =>
  Promise.all(
    keys.map((key) =>
      key
        ? storage()
            .remove(key)
            .catch(() => undefined)
        : undefined,
    ),
  );

/**
 * Artefacts past their lifetime go, rows and files, a bounded batch at a time, whenever the school asks for one. Once
 * the job queue exists (apps/worker) this belongs in a periodic job there; a school that stops asking keeps at most
 * its last day of files until then.
 */
async function sweep(ctx: AuthedContext, now: Date) {
  const expired = await ctx.db.reportArtefact.findMany({ where: { expiresAt: { lte: now } }, select: { id: true, storageKey: true }, take: SWEEP });
  if (expired.length === 0) return;
  await ctx.db.reportArtefact.deleteMany({ where: { id: { in: expired.map((a) => a.id) } } });
  await removeFiles(expired.map((a) => a.storageKey));
}

/**
 * Counts a new build against the caller, or refuses it with 429 and when to try again. The row is written before the
 * build (without a file yet) under a lock of this person's builds, so parallel requests, on any app instance, take
 * turns and cannot all slip under the limit.
 */
async function reserveBuild(
  ctx: AuthedContext,
  row: { kind: ArtefactKind; subject: string; fingerprint: string; filename: string },
  now: Date,
): Promise<number> {
  return ctx.db.$transaction(async (tx) => {
    await lockKey(tx, "reportArtefact", ctx.user.id, row.kind);
    const limit = BUILDS[row.kind];
    const recent = await tx.reportArtefact.findMany({
      where: { kind: row.kind, userId: ctx.user.id, createdAt: { gt: new Date(now.getTime() - WINDOW_MS) } },
      orderBy: { createdAt: "desc" },
      take: limit,
      select: { createdAt: true },
    });
    if (recent.length >= limit) {
      const minutes = Math.max(1, Math.ceil((recent.at(-1)!.createdAt.getTime() + WINDOW_MS - now.getTime()) / 60_000));
      throw new AppError(-429, "grades.artefactLimit", 429, { minutes, max: limit, window: WINDOW_MS / 60_000 });
    }
    const made = await tx.reportArtefact.create({
      data: { ...row, userId: ctx.user.id, createdAt: now, expiresAt: new Date(now.getTime() + LIFETIME_MS) },
      select: { id: true },
    });
    return made.id;
  });
}

/**
 * The stored file of `kind` about `subject` drawn from `inputs`: the one made before while nothing drawn into it
 * changed, else a new one (counted against the caller's builds), which supersedes the older ones: their files go at
 * once, their rows stay until they expire because they are what the limit counts. Answers data.url and the name to
 * save it as (001 §7).
 */
export async function artefact(
  ctx: AuthedContext,
  { kind, subject, inputs, filename, build }: { kind: ArtefactKind; subject: string; inputs: unknown; filename: string; build: () => Promise<Buffer> },
): Promise<Reply<TStoredFileAnswer>> {
  const now = new Date();
  await sweep(ctx, now);
  const fingerprint = fingerprintOf(ctx.locale, inputs);
  const same = await ctx.db.reportArtefact.findFirst({
    where: { kind, subject, fingerprint, storageKey: { not: null }, expiresAt: { gt: now } },
    orderBy: { id: "desc" },
    select: { storageKey: true, filename: true },
  });
  if (same?.storageKey) return { data: { url: fileUrl(same.storageKey), filename: same.filename } };

  const id = await reserveBuild(ctx, { kind, subject, fingerprint, filename }, now);
  const key = `t${ctx.user.tenantId}/${kind}/${subject}/${kind}-${randomBytes(8).toString("hex")}.${filename.split(".").pop()}`;
  try {
    await storage().put(key, await build());
  } catch (error) {
    // A build that failed is not held against the person, and leaves no file behind.
    await ctx.db.reportArtefact.deleteMany({ where: { id } });
    await removeFiles([key]);
    throw error;
  }
  const { stored, superseded } = await ctx.db.$transaction(async (tx) => {
    // Only older ones: a parallel build of the same file that finished first keeps the link it has just answered.
    const older = await tx.reportArtefact.findMany({
      where: { kind, subject, id: { lt: id }, storageKey: { not: null } },
      select: { id: true, storageKey: true },
    });
    await tx.reportArtefact.updateMany({ where: { id: { in: older.map((a) => a.id) } }, data: { storageKey: null } });
    const { count } = await tx.reportArtefact.updateMany({ where: { id }, data: { storageKey: key } });
    return { stored: count === 1, superseded: older.map((a) => a.storageKey) };
  });
  await removeFiles(superseded);
  // Its row went while it was drawn (the person it is about was deleted): the file goes too.
  if (!stored) {
    await removeFiles([key]);
    throw notFound();
  }
  return { data: { url: fileUrl(key), filename } };
}

/**
 * Deleting a person: their memos and the zips of the grades they sat in carry their name and grades, so
 * they go with them. Their rows are deleted in the delete's transaction (which must run before the person's
 * memberships go); the caller removes the returned files once it is committed.
 */
export async function dropArtefactsAbout(tx: TenantTx, personId: number): Promise<string[]> {
  const placed = await tx.sectionMember.findMany({
    where: { userId: personId },
    select: { section: { select: { parentId: true, superSection: { select: { periodId: true } } } } },
  });
  const grades = placed.map((m) => zipSubject(m.section.superSection.periodId, m.section.parentId));
  const about = [
    { kind: "memos", subject: { endsWith: ofStudent(personId) } },
    { kind: "reportcards", subject: { in: grades } },
  ];
  const rows = await tx.reportArtefact.findMany({ where: { OR: about }, select: { id: true, storageKey: true } });
  await tx.reportArtefact.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
  return rows.flatMap((r) => (r.storageKey ? [r.storageKey] : []));
}
