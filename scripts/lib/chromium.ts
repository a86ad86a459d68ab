import { execSync } from "node:child_process";
import fs from "node:fs";

/**
 * Debian's two builds of Chromium 156: the browser, in which the bench measures what a person waits for, and its
 * headless shell, the same engine without the browser's windowing layers, which runs the browser tests on about a
 * fifth less processor (two specs: 2.8 → 2.3 min on this 2-core machine).
 */
const BUILDS = {
  browser: { binaries: ["/usr/bin/chromium", "/usr/bin/chromium-browser"], debianPackage: "chromium" },
  "headless-shell": { binaries: ["/usr/bin/chromium-headless-shell"], debianPackage: "chromium-headless-shell" },
} as const;

/**
 * Playwright must never download a browser here; Debian's Chromium is used instead (CHROMIUM_PATH overrides it). When
 * it is missing and we are root (as on a fresh machine and in CI) it is installed with apt-get.
 */
export function ensureChromium(build: keyof typeof BUILDS = "browser"): string {
  const given = process.env.CHROMIUM_PATH;
  if (given && fs.existsSync(given)) return given;
  const { binaries, debianPackage } = BUILDS[build];
  const found = binaries.find((p) => fs.existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing: run \`sudo apt-get install -y ${debianPackage}\` or set CHROMIUM_PATH.`);
  }
  console.log(`Installing Debian's ${debianPackage} for the browser tests…`);
  // Without the recommended packages (a desktop's udev, avahi, printing and notification helpers: some ninety more)
  // but with the fonts they would have brought, so that pages are laid out in the same faces.
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${debianPackage} fonts-liberation >/dev/null`, {
    stdio: "inherit",
    shell: "/bin/bash",
  });
  const installed = binaries.find((p) => fs.existsSync(p));
  if (!installed) throw new Error(`apt-get finished but no ${debianPackage} binary was found`);
  return installed;
}
