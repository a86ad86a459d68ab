import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "../scripts/lib/database.ts";

/** `screen`: fetched by the page's on-demand import of its screen, before the screen can paint. */
export type FirstLoadChunk = { file: string; rawKB: number; gzipKB: number; screen: boolean };

type FirstLoadRoute = {
  route: string;
  /** The client reference manifest of the segment that serves the route. */
  manifest: string;
  targetGzipKB: number;
  /**
   * The export the page imports on demand to draw its screen (module-screen.tsx: `.then((m) => m.GradeScreen)`): its
   * chunks count, the page shows only a loading state without them. The export's name survives minification, the
   * module's path does not.
   */
  screen?: string;
};

/** The three pages whose first load the bench weighs, and each one's gzip target. */
export const FIRST_LOAD_ROUTES: readonly FirstLoadRoute[] = [
  { route: "/user/login", manifest: "user/login/page_client-reference-manifest.js", targetGzipKB: 120 },
  { route: "/app/home/start", manifest: "app/home/start/page_client-reference-manifest.js", targetGzipKB: 180 },
  { route: "/app/admGrades", manifest: "app/[moduleId]/page_client-reference-manifest.js", targetGzipKB: 250, screen: "GradeScreen" },
];

const NEXT = path.join(ROOT, "apps/web/.next");
const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(NEXT, file), "utf8")) as T;

/**
 * The chunks `import(…).then((m) => m[screen])` fetches, found in the page's own files (no manifest names them when the
 * import is not next/dynamic's): Turbopack compiles the import to an async loader, `A(id)`, whose module lists the
 * chunks it loads before it hands the module over.
 */
function screenFiles(pageFiles: string[], screen: string): string[] {
  const code = pageFiles.map((file) => fs.readFileSync(path.join(NEXT, file), "utf8")).join("\n");
  const loaders = [...code.matchAll(new RegExp(String.raw`\.A\((\d+)\)\.then\(\(?([\w$]+)\)?=>\2\.${screen}\)`, "g"))].map((m) => m[1]!);
  if (loaders.length === 0) throw new Error(`no import(…) of ${screen} in the page's chunks: has module-screen.tsx changed how it loads it?`);
  return loaders.flatMap((id) => {
    const loader = new RegExp(String.raw`[,\[]${id},([\w$]+)=>\{\1\.v\(\(?[\w$]+\)?=>Promise\.all\(\[([^\]]*)\]`).exec(code);
    if (!loader) throw new Error(`the page's chunks hold no async loader ${id} (${screen})`);
    return [...loader[2]!.matchAll(/"([^"]+\.js)"/g)].map((m) => m[1]!);
  });
}

/**
 * Every file an App Router page loads first: the root main files, every chunk its segments load and, for a page
 * that imports its screen on demand, that screen's chunks (raw and gzip).
 */
export function firstLoadFiles(manifestPath: string, screen?: string): FirstLoadChunk[] {
  const build = readJson<{ rootMainFiles: string[] }>("build-manifest.json");
  const holder = globalThis as { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> };
  holder.__RSC_MANIFEST = {};
  new Function(fs.readFileSync(path.join(NEXT, "server/app", manifestPath), "utf8"))();
  const entries = Object.values(holder.__RSC_MANIFEST!)[0]!.entryJSFiles;
  const page = [...new Set([...build.rootMainFiles, ...Object.values(entries).flat()])];
  const extra = screen ? [...new Set(screenFiles(page, screen))].filter((file) => !page.includes(file)) : [];
  return [...page, ...extra].map((file) => {
    const content = fs.readFileSync(path.join(NEXT, file));
    return { file, rawKB: content.length / 1024, gzipKB: gzipSync(content).length / 1024, screen: extra.includes(file) };
  });
}

/** First-load JavaScript of an App Router page, summed; `screenGzipKB` is the part its on-demand screen adds. */
export function firstLoad(route: string, manifestPath: string, screen = FIRST_LOAD_ROUTES.find((r) => r.route === route)?.screen) {
  const files = firstLoadFiles(manifestPath, screen);
  const sum = (key: "rawKB" | "gzipKB", of = files) => of.reduce((total, f) => total + f[key], 0);
  return {
    route,
    chunks: files.length,
    rawKB: sum("rawKB"),
    gzipKB: sum("gzipKB"),
    screenGzipKB: sum(
      "gzipKB",
      files.filter((f) => f.screen),
    ),
  };
}
