// `tsx scripts/first-load.ts [--chunks]`: the first-load JavaScript of the pages the bench weighs, read from the existing
// production build in apps/web/.next (run `pnpm build` first), measured as `pnpm bench` measures it. `--chunks` lists
// each file, largest first, to see where the kilobytes go (`screen`: fetched by the page's on-demand import of its screen).
import { FIRST_LOAD_ROUTES, firstLoad, firstLoadFiles } from "../bench/first-load.ts";

const fmt = (kB: number) => kB.toFixed(1).padStart(7);
const withChunks = process.argv.includes("--chunks");

for (const { route, manifest, targetGzipKB, screen } of FIRST_LOAD_ROUTES) {
  const b = firstLoad(route, manifest, screen);
  const verdict = b.gzipKB <= targetGzipKB ? "within" : "over";
  const ofScreen = screen ? ` (${b.screenGzipKB.toFixed(1)} of it ${screen})` : "";
  console.log(
    `${route.padEnd(18)} ${String(b.chunks).padStart(3)} chunks ${fmt(b.rawKB)} kB raw ${fmt(b.gzipKB)} kB gzip${ofScreen}   target ${targetGzipKB} kB gzip: ${verdict}`,
  );
  if (withChunks)
    for (const f of firstLoadFiles(manifest, screen).sort((a, z) => z.gzipKB - a.gzipKB))
      console.log(`    ${fmt(f.rawKB)} ${fmt(f.gzipKB)}  ${f.file}${f.screen ? "  screen" : ""}`);
}
