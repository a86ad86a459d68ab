import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, paginateListObjectsV2, S3Client } from "@aws-sdk/client-s3";
import type { Env } from "../env.ts";
import { assertStorageFolder, assertStorageKey, isStorageKey } from "./keys.ts";
import type { Storage, StoredFile } from "./storage.ts";

export type S3Config = Pick<Env, "S3_ENDPOINT" | "S3_REGION" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE">;

/** What S3 (and MinIO, s3rver) answers for a key that holds nothing: the same null the local disk gives. */
const MISSING = new Set(["NoSuchKey", "NotFound"]);
const BAD_CREDENTIALS = new Set(["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "ExpiredToken", "InvalidToken", "CredentialsProviderError"]);

/**
 * Uploaded files in an S3-compatible bucket (AWS S3, MinIO, s3rver in the tests), so that every app instance serves
 * every file. Keys are the local disk's keys, unchanged: a bucket can be filled by copying the STORAGE_DIR tree.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    if (!config.S3_BUCKET) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET");
    this.bucket = config.S3_BUCKET;
    this.client = new S3Client({
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
        : {}),
      // The SDK's default CRC checksums on every request are not understood by every S3-compatible store; the
      // operations used here need none.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A store that is down makes an upload or a file link fail within seconds instead of holding the request.
      requestHandler: { connectionTimeout: 5_000 },
    });
  }

  /** An error an operator can act on (the wrapper logs it; the caller gets the generic refusal, as for a disk error). */
  private failure(action: string, key: string, error: unknown): Error {
    const name = error instanceof Error ? error.name : String(error);
    const hint = BAD_CREDENTIALS.has(name)
      ? "check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY"
      : name === "NoSuchBucket"
        ? "create the bucket or correct S3_BUCKET"
        : "check S3_ENDPOINT and that the store is reachable";
    return new Error(`Object storage could not ${action} "${key}" in bucket "${this.bucket}" (${name}): ${hint}`, { cause: error });
  }

  async put(key: string, bytes: Buffer) {
    assertStorageKey(key);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
    } catch (error) {
      throw this.failure("store", key, error);
    }
  }

  private async fetch(key: string) {
    assertStorageKey(key);
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (error instanceof Error && MISSING.has(error.name)) return null;
      throw this.failure("read", key, error);
    }
  }

  async get(key: string) {
    const object = await this.fetch(key);
    return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
  }

  async open(key: string): Promise<StoredFile | null> {
    const object = await this.fetch(key);
    if (!object?.Body) return null;
    return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
  }

  async remove(key: string) {
    assertStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw this.failure("delete", key, error);
    }
  }

  async list(folder: string) {
    assertStorageFolder(folder);
    const keys: string[] = [];
    try {
      for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: folder })) {
        for (const object of page.Contents ?? []) if (object.Key && isStorageKey(object.Key)) keys.push(object.Key);
      }
    } catch (error) {
      throw this.failure("list", folder, error);
    }
    return keys;
  }
}
