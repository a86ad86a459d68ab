import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { env } from "../env.ts";
import { assertStorageFolder, assertStorageKey, isStorageKey } from "./keys.ts";

export { isStorageKey } from "./keys.ts";

/** A stored file opened for reading: its bytes as they come, so that a large file is never held whole in memory. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
}

/**
 * Where uploaded files live. Keys are made by the server only (`t<tenant>/<resource>/<record>/<name>`), never from a
 * client's path. Local disk is the default; STORAGE_DRIVER=s3 keeps them in an S3-compatible bucket instead, which
 * every app instance reaches alike. Both answer a missing file with null and refuse a key that was not made here.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  open(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
  /** The keys in one folder of keys (`t1/content/u5/`): a person's editor images, which no table lists. */
  list(folder: string): Promise<string[]>;
}

class LocalDisk implements Storage {
  private readonly root = path.resolve(env().STORAGE_DIR);

  private file(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, key);
    // The key pattern already forbids "..", this keeps the promise even if the pattern is ever loosened.
    if (!full.startsWith(this.root + path.sep)) throw new Error("Key outside the storage root");
    return full;
  }

  async put(key: string, bytes: Buffer) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes, { mode: 0o640 });
  }

  async get(key: string) {
    return fs.readFile(this.file(key)).catch(() => null);
  }

  async open(key: string) {
    const file = this.file(key);
    const handle = await fs.open(file, "r").catch(() => null);
    if (!handle) return null;
    const { size } = await handle.stat();
    const stream = createReadStream(file, { fd: handle });
    return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size };
  }

  async remove(key: string) {
    await fs.rm(this.file(key), { force: true });
  }

  async list(folder: string) {
    assertStorageFolder(folder);
    const names = await fs.readdir(path.resolve(this.root, folder)).catch(() => [] as string[]);
    return names.map((name) => `${folder}${name}`).filter(isStorageKey);
  }
}

/** The S3 driver, its SDK loaded by the first file it handles rather than by every process that starts. */
function objectStore(): Storage {
  let loaded: Promise<Storage> | undefined;
  const store = () => (loaded ??= import("./s3.ts").then(({ S3Storage }) => new S3Storage(env())));
  return {
    put: async (key, bytes) => (await store()).put(key, bytes),
    get: async (key) => (await store()).get(key),
    open: async (key) => (await store()).open(key),
    remove: async (key) => (await store()).remove(key),
    list: async (folder) => (await store()).list(folder),
  };
}

let instance: Storage | undefined;
export function storage(): Storage {
  return (instance ??= env().STORAGE_DRIVER === "s3" ? objectStore() : new LocalDisk());
}

const sign = (key: string, expires: number) => createHmac("sha256", env().AUTH_SECRET).update(`${key}\n${expires}`).digest("base64url");

/** A link to a stored file that works without the bearer token (for <img>), valid for FILE_URL_TTL seconds. */
export function fileUrl(key: string | null | undefined): string | null {
  if (!key || !isStorageKey(key)) return null;
  const expires = Math.floor(Date.now() / 1000) + env().FILE_URL_TTL;
  return `/api/files/${key}?exp=${expires}&sig=${sign(key, expires)}`;
}

const sameSignature = (expected: string, given: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Allowance for the clock of another app instance that signed the link running a little ahead of ours. */
const FILE_URL_SKEW_SECONDS = 60;

/**
 * A link made by fileUrl and not yet expired. Its expiry may lie no further ahead than FILE_URL_TTL: a link signed
 * for years (by an old build, or under a FILE_URL_TTL since shortened) is refused, not honoured for years.
 */
export function verifyFileUrl(key: string, expires: number, signature: string): boolean {
  const now = Date.now() / 1000;
  if (!isStorageKey(key) || !Number.isInteger(expires) || expires < now) return false;
  if (expires > now + env().FILE_URL_TTL + FILE_URL_SKEW_SECONDS) return false;
  return sameSignature(sign(key, expires), signature);
}

/**
 * Images of rich text (misc/content/file) are embedded in stored HTML, so their link cannot expire: they live under
 * `t<tenant>/content/…` and are served by a signature of the key alone. Only such keys get one, so a grid's
 * expiring link can never be turned into a lasting one.
 */
const CONTENT_KEY_RE = /^t\d+\/content\//;
const signPublic = (key: string) => createHmac("sha256", env().AUTH_SECRET).update(`${key}\npublic`).digest("base64url");
const FILES_PREFIX = "/api/files/";

export function isContentKey(key: string): boolean {
  return isStorageKey(key) && CONTENT_KEY_RE.test(key);
}

/** Where one person's editor images live: the uploader is part of every key. */
export const contentPrefix = (tenantId: number, userId: number) => `t${tenantId}/content/u${userId}/`;

export function contentKey(tenantId: number, userId: number, ext: string): string {
  return `${contentPrefix(tenantId, userId)}img-${randomBytes(8).toString("hex")}.${ext}`;
}

/** The lasting link of a rich-text image: unguessable (a random name and a signature), public, never expiring. */
export function publicFileUrl(key: string): string | null {
  return isContentKey(key) ? `${FILES_PREFIX}${key}?sig=${signPublic(key)}` : null;
}

export function verifyPublicFile(key: string, signature: string): boolean {
  return isContentKey(key) && sameSignature(signPublic(key), signature);
}

/** The key of a lasting image link made here (exactly `publicFileUrl`'s form with a valid signature), else null. */
export function keyOfPublicFileUrl(url: string): string | null {
  const match = /^\/api\/files\/([^?#]+)\?sig=([A-Za-z0-9_-]{20,100})$/.exec(url);
  return match && verifyPublicFile(match[1]!, match[2]!) ? match[1]! : null;
}
