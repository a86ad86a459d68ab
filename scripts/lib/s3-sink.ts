// A local S3-compatible server (the s3rver package) for the tests: a real HTTP server on loopback speaking S3's REST
// protocol and checking request signatures, so the app's S3 storage is exercised through the AWS SDK as it would be
// against MinIO or AWS. Its objects live in a temporary folder removed on close.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's one built-in account: published, so it only ever guards a loopback server of a test. */
const ACCESS_KEY = "S3RVER";

export interface S3Sink {
  url: string;
  bucket: string;
  /** The variables that point the app's storage at this server (STORAGE_DRIVER=s3 and its S3_*). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Sink({ bucket = "pizarra-files" }: { bucket?: string } = {}): Promise<S3Sink> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pizarra-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    env: {
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: url,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
