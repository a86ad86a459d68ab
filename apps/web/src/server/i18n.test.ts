import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import { translator } from "./i18n.ts";

const SERVER = path.join(import.meta.dirname);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

function messages(node: unknown, prefix = ""): [string, string][] {
  if (typeof node === "string") return [[prefix, node]];
  return Object.entries(node as object).flatMap(([key, value]) => messages(value, prefix ? `${prefix}.${key}` : key));
}

describe("the API's messages", () => {
  // The build precompiles the catalogues (next.config.ts: next-intl's messages.precompile): a message with ICU
  // arguments reaches the route handlers as a compiled form the API's translator does not read. The API's messages
  // take :name placeholders instead.
  it("are plain text with :name placeholders, never ICU arguments", () => {
    const code = sources(SERVER)
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");
    const keys = new Set([...code.matchAll(/\bt\("([\w.]+)"/g)].map((m) => m[1]!));
    // Keys built at run time (`t(\`delivery.reason.${reason}\`)`): everything under their fixed start.
    const prefixes = [...code.matchAll(/\bt\(`([\w.]+)\.\$\{/g)].map((m) => `${m[1]}.`);
    expect(keys.size).toBeGreaterThan(50);
    expect(prefixes).toContain("delivery.reason.");
    for (const catalogue of [es, en]) {
      const reached = messages(catalogue).filter(([key]) => keys.has(key) || prefixes.some((prefix) => key.startsWith(prefix)));
      expect(reached.length).toBeGreaterThan(100);
      expect(reached.filter(([, text]) => text.includes("{"))).toEqual([]);
    }
  });

  it("fill :name placeholders in the caller's language", () => {
    expect(translator("es")("validation.required", { attribute: "nombre" })).toBe(es.validation.required.replace(":attribute", "nombre"));
    expect(translator("en")("validation.required", { attribute: "name" })).toBe(en.validation.required.replace(":attribute", "name"));
  });
});
