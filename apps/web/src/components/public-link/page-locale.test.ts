import { describe, expect, it } from "vitest";
import { pageLocale } from "./page-locale.ts";

describe("the family page's language", () => {
  it("keeps the person's own choice", () => {
    expect(pageLocale("en", "es-PE,es;q=0.9")).toBe("en");
    expect(pageLocale("es", "en-US")).toBe("es");
  });

  it("follows the browser's first language it speaks, by quality", () => {
    expect(pageLocale(undefined, "en-US,en;q=0.9")).toBe("en");
    expect(pageLocale(undefined, "fr-FR,fr;q=0.9,en;q=0.8,es;q=0.7")).toBe("en");
    expect(pageLocale(undefined, "es;q=0.5,en;q=0.9")).toBe("en");
    expect(pageLocale(undefined, "es-419,en;q=0.5")).toBe("es");
  });

  it("falls back to Spanish for anything else", () => {
    expect(pageLocale(undefined, null)).toBe("es");
    expect(pageLocale(undefined, "")).toBe("es");
    expect(pageLocale("de", "de-DE,fr;q=0.8")).toBe("es");
    expect(pageLocale(undefined, "en;q=0")).toBe("es");
    expect(pageLocale(undefined, "en;q=abc")).toBe("es");
  });
});
