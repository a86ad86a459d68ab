import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "../scripts/lib/database.ts";

export type FirstLoadChunk = { file: string; rawKB: number; gzipKB: number };

/** The three pages issue 16 weighs, the client reference manifest of the segment that serves each, and its gzip target. */
export const FIRST_LOAD_ROUTES = [
  { route: "/user/login", manifest: "user/login/page_client-reference-manifest.js", targetGzipKB: 120 },
  { route: "/app/home/start", manifest: "app/home/start/page_client-reference-manifest.js", targetGzipKB: 180 },
  { route: "/app/admGrades", manifest: "app/[moduleId]/page_client-reference-manifest.js", targetGzipKB: 250 },
] as const;

/** Every file an App Router page loads first: the root main files and every chunk its segments load (raw and gzip). */
export function firstLoadFiles(manifestPath: string): FirstLoadChunk[] {
  const next = path.join(ROOT, "apps/web/.next");
  const build = JSON.parse(fs.readFileSync(path.join(next, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const holder = globalThis as { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> };
  holder.__RSC_MANIFEST = {};
  new Function(fs.readFileSync(path.join(next, "server/app", manifestPath), "utf8"))();
  const entries = Object.values(holder.__RSC_MANIFEST!)[0]!.entryJSFiles;
  return [...new Set([...build.rootMainFiles, ...Object.values(entries).flat()])].map((file) => {
    const content = fs.readFileSync(path.join(next, file));
    return { file, rawKB: content.length / 1024, gzipKB: gzipSync(content).length / 1024 };
  });
}

/** First-load JavaScript of an App Router page, summed. */
export function firstLoad(route: string, manifestPath: string) {
  const files = firstLoadFiles(manifestPath);
  const sum = (key: "rawKB" | "gzipKB") => files.reduce((total, f) => total + f[key], 0);
  return { route, chunks: files.length, rawKB: sum("rawKB"), gzipKB: sum("gzipKB") };
}
