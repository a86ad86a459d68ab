import { execSync } from "node:child_process";
import fs from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/**
 * Playwright must never download a browser here; Debian's Chromium is used instead. When it is missing and we are
 * root (as on a fresh machine and in CI) it is installed with apt-get.
 */
export function ensureChromium(): string {
  const given = process.env.CHROMIUM_PATH;
  if (given && fs.existsSync(given)) return given;
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error("Chromium is missing: run `sudo apt-get install -y chromium` or set CHROMIUM_PATH.");
  }
  console.log("Installing Debian's chromium for the browser tests…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null", {
    stdio: "inherit",
    shell: "/bin/bash",
  });
  const installed = CANDIDATES.find((p) => fs.existsSync(p));
  if (!installed) throw new Error("apt-get finished but no chromium binary was found");
  return installed;
}
