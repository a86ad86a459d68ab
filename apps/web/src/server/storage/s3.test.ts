import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Sink, startS3Sink } from "../../../../../scripts/lib/s3-sink.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { env } from "../env.ts";
import { type S3Config, S3Storage } from "./s3.ts";
import { fileUrl, storage } from "./storage.ts";

const api = apiHarness({ school: true });

let sink: S3Sink;
let config: S3Config;
let bucket: S3Storage;

beforeAll(async () => {
  sink = await startS3Sink();
  // Before the first env() of this file: the app's own storage() is then the S3 one, as STORAGE_DRIVER=s3 makes it.
  Object.assign(process.env, sink.env);
  config = env();
  bucket = new S3Storage(config);
});
afterAll(async () => {
  await sink?.close();
});

/** A real 1×1 PNG, as an upload sends it. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const newKey = (ext = "png") => `t1/admStaff/7/face-${randomBytes(8).toString("hex")}.${ext}`;

const readAll = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

describe("the S3 storage against a real S3-compatible server (s3rver)", () => {
  it("is the storage the app uses when STORAGE_DRIVER=s3", async () => {
    expect(env().STORAGE_DRIVER).toBe("s3");
    const key = newKey();
    await storage().put(key, Buffer.from("through the app's storage"));
    expect((await bucket.get(key))!.toString()).toBe("through the app's storage");
    expect(await storage().list(key.slice(0, key.lastIndexOf("/") + 1))).toContain(key);
    expect(fs.existsSync(path.join(env().STORAGE_DIR, key))).toBe(false);
  });

  it("reads back byte for byte what it wrote, whole or as a stream of a file larger than one chunk", async () => {
    const key = newKey("pdf");
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    await bucket.put(key, bytes);
    expect((await bucket.get(key))!.equals(bytes)).toBe(true);
    const opened = await bucket.open(key);
    expect(opened!.size).toBe(bytes.length);
    expect((await readAll(opened!.body)).equals(bytes)).toBe(true);
  });

  it("overwrites a key, deletes it, and answers a missing key with null as the local disk does", async () => {
    const key = newKey();
    await bucket.put(key, Buffer.from("first"));
    await bucket.put(key, Buffer.from("second, longer"));
    expect((await bucket.get(key))!.toString()).toBe("second, longer");
    await bucket.remove(key);
    expect(await bucket.get(key)).toBeNull();
    expect(await bucket.open(key)).toBeNull();
    // Removing what is not there is not an error (an upload replaced twice, a retried delete).
    await expect(bucket.remove(key)).resolves.toBeUndefined();
    expect(await bucket.get(newKey())).toBeNull();
  });

  it("lists one folder's keys, and only that folder's", async () => {
    const mine = [0, 1, 2].map(() => `t1/content/u5/img-${randomBytes(8).toString("hex")}.png`);
    const other = `t1/content/u55/img-${randomBytes(8).toString("hex")}.png`;
    for (const key of [...mine, other]) await bucket.put(key, Buffer.from(PNG, "base64"));
    expect((await bucket.list("t1/content/u5/")).sort()).toEqual([...mine].sort());
    expect(await bucket.list("t1/content/u6/")).toEqual([]);
  });

  it("refuses a key or folder the server did not make, before asking the store", async () => {
    await expect(bucket.put("../../etc/passwd", Buffer.from("x"))).rejects.toThrow("Not a storage key");
    await expect(bucket.get("t1/admStaff/7/../../x.png")).rejects.toThrow("Not a storage key");
    await expect(bucket.list("t1/")).rejects.toThrow("Not a storage folder");
  });

  it("says what to fix when the credentials are wrong or the bucket is missing, instead of passing for a missing file", async () => {
    const key = newKey();
    await bucket.put(key, Buffer.from(PNG, "base64"));
    // s3rver checks the access key id of a signature-v4 request, not the signature itself: a wrong secret cannot be shown here.
    const unknownKey = new S3Storage({ ...config, S3_ACCESS_KEY_ID: "NOBODY" });
    await expect(unknownKey.put(newKey(), Buffer.from("x"))).rejects.toThrow(
      /could not store .* \(InvalidAccessKeyId\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    await expect(unknownKey.get(key)).rejects.toThrow(/could not read .* \(InvalidAccessKeyId\)/);
    await expect(unknownKey.open(key)).rejects.toThrow(/InvalidAccessKeyId/);
    const noBucket = new S3Storage({ ...config, S3_BUCKET: "no-such-bucket" });
    await expect(noBucket.put(newKey(), Buffer.from("x"))).rejects.toThrow(/NoSuchBucket\): create the bucket or correct S3_BUCKET/);
    const down = new S3Storage({ ...config, S3_ENDPOINT: "http://127.0.0.1:9" });
    await expect(down.get(key)).rejects.toThrow(/check S3_ENDPOINT and that the store is reachable/);
  });
});

describe("an upload route of the app on the S3 storage", () => {
  it("stores a staff signature in the bucket, not on disk, and serves it back through its signed link", async () => {
    const { admin } = await api.tokens();
    const staffId = (await api.rows<{ ID: number }>("admStaff/get?PageSize=1", admin))[0]!.ID;
    const res = await api.call<{ url: string; value: string }>("POST", `admStaff/sign?id=${staffId}`, {
      token: admin,
      body: { name: "sign.png", doc: false, data: PNG },
    });
    expect(res.body).toMatchObject({ status: 0, msg: "Archivo subido." });
    const key = res.body.data.value;
    expect((await bucket.get(key))!.equals(Buffer.from(PNG, "base64"))).toBe(true);
    expect(fs.existsSync(path.resolve(env().STORAGE_DIR, key))).toBe(false);

    const file = await api.raw("GET", res.body.data.url.replace(/^\/api\//, ""));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG, "base64"))).toBe(true);

    // Replacing the signature deletes the old object from the bucket.
    const again = await api.call<{ value: string }>("POST", `admStaff/sign?id=${staffId}`, { token: admin, body: { name: "sign.png", data: PNG } });
    expect(again.body.status).toBe(0);
    expect(await bucket.get(key)).toBeNull();
    expect((await api.raw("GET", res.body.data.url.replace(/^\/api\//, ""))).status).toBe(404);
  });

  it("answers a signed link to an object the bucket does not hold with 404, as for a missing file on disk", async () => {
    const res = await api.raw("GET", fileUrl(newKey())!.replace(/^\/api\//, ""));
    expect(res.status).toBe(404);
  });
});
