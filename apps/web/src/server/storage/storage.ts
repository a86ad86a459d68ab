import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "../env.ts";

/**
 * Where uploaded files live. Keys are made by the server only (`t<tenant>/<resource>/<record>/<name>`), never from a
 * client's path. Local disk is the default; an S3-compatible store implements the same three calls.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY_RE = /^t\d+\/[A-Za-z]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+-[a-f0-9]{16}\.[a-z0-9]{2,5}$/;

export function isStorageKey(key: string): boolean {
  return KEY_RE.test(key);
}

class LocalDisk implements Storage {
  private readonly root = path.resolve(env().STORAGE_DIR);

  private file(key: string): string {
    if (!isStorageKey(key)) throw new Error("Not a storage key");
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

  async remove(key: string) {
    await fs.rm(this.file(key), { force: true });
  }
}

let instance: Storage | undefined;
export function storage(): Storage {
  return (instance ??= new LocalDisk());
}

const sign = (key: string, expires: number) => createHmac("sha256", env().AUTH_SECRET).update(`${key}\n${expires}`).digest("base64url");

/** A link to a stored file that works without the bearer token (for <img>), valid for FILE_URL_TTL seconds. */
export function fileUrl(key: string | null | undefined): string | null {
  if (!key || !isStorageKey(key)) return null;
  const expires = Math.floor(Date.now() / 1000) + env().FILE_URL_TTL;
  return `/api/files/${key}?exp=${expires}&sig=${sign(key, expires)}`;
}

export function verifyFileUrl(key: string, expires: number, signature: string): boolean {
  if (!isStorageKey(key) || !Number.isInteger(expires) || expires < Date.now() / 1000) return false;
  const expected = Buffer.from(sign(key, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
