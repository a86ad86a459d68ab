import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import { catalogueEntries } from "../test-support/catalogue.ts";
import { translator } from "./i18n.ts";

const SERVER = import.meta.dirname;

describe("the API's messages", () => {
  // The build precompiles the catalogues (next.config.ts: next-intl's messages.precompile): a message with ICU
  // arguments reaches the route handlers as a compiled form the API's translator does not read. The API's messages
  // take :name placeholders instead.
  it("are plain text with :name placeholders, never ICU arguments", () => {
    const code = (fs.readdirSync(SERVER, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
      .map((file) => fs.readFileSync(path.join(SERVER, file), "utf8"))
      .join("\n");
    const keys = new Set([...code.matchAll(/\bt\("([\w.]+)"/g)].map((m) => m[1]!));
    // Keys built at run time (`t(\`delivery.reason.${reason}\`)`): everything under their fixed start.
    const prefixes = [...code.matchAll(/\bt\(`([\w.]+)\.\$\{/g)].map((m) => `${m[1]}.`);
    expect(keys.size).toBeGreaterThan(50);
    expect(prefixes).toContain("delivery.reason.");
    for (const catalogue of [es, en]) {
      const reached = catalogueEntries(catalogue).filter(([key]) => keys.has(key) || prefixes.some((prefix) => key.startsWith(prefix)));
      expect(reached.length).toBeGreaterThan(100);
      expect(reached.filter(([, text]) => text.includes("{"))).toEqual([]);
    }
  });

  it("fill :name placeholders in the caller's language", () => {
    expect(translator("es")("validation.required", { attribute: "nombre" })).toBe(es.validation.required.replace(":attribute", "nombre"));
    expect(translator("en")("validation.required", { attribute: "name" })).toBe(en.validation.required.replace(":attribute", "name"));
  });
});
