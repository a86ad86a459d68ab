import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { THEME_COLORS } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import { formatTheme, parseTheme } from "./theme.ts";

describe("theme preference in __theme_color", () => {
  it("reads the spec's six colours and their dark variants", () => {
    expect(parseTheme("light.green")).toEqual({ color: "light.green", dark: false });
    expect(parseTheme("dark.greysteel")).toEqual({ color: "light.greysteel", dark: true });
  });

  it("refuses anything else", () => {
    for (const value of [null, undefined, "", "green", "light.pink", "dark.", "dark.light.blue"]) {
      expect(parseTheme(value)).toBeNull();
    }
  });

  it("writes back what it reads", () => {
    for (const value of ["light.blue", "dark.red", "light.purple", "dark.orange"]) {
      expect(formatTheme(parseTheme(value)!)).toBe(value);
    }
  });
});

/** The declarations of styles.css by selector, in source order (the later one wins, as in the cascade). */
function tokens(css: string): (selector: string, name: string) => string | undefined {
  const rules = [...css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([^{};]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
    selectors: selectors!.split(",").map((s) => s.trim()),
    body: body!,
  }));
  return (selector, name) =>
    rules
      .filter((rule) => rule.selectors.includes(selector))
      .map((rule) => new RegExp(`${name}:\\s*([^;]+);`).exec(rule.body)?.[1])
      .filter(Boolean)
      .at(-1);
}

/** WCAG 2 relative luminance of a CSS `oklch(L C h)`, through OKLab and linear sRGB (clipped to the sRGB gamut). */
function luminance(color: string): number {
  const match = /^oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(color.trim());
  if (!match) throw new Error(`not an oklch(L C h) colour: ${color}`);
  const [L, c, h] = match.slice(1).map(Number) as [number, number, number];
  const [a, b] = [c * Math.cos((h * Math.PI) / 180), c * Math.sin((h * Math.PI) / 180)];
  const [lc, mc, sc] = [L + 0.3963377774 * a + 0.2158037573 * b, L - 0.1055613458 * a - 0.0638541728 * b, L - 0.0894841775 * a - 1.291485548 * b].map(
    (v) => v ** 3,
  ) as [number, number, number];
  const rgb = [
    4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc,
    -1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc,
    -0.0041960863 * lc - 0.7034186147 * mc + 1.707614701 * sc,
  ].map((v) => Math.min(1, Math.max(0, v)));
  return 0.2126 * rgb[0]! + 0.7152 * rgb[1]! + 0.0722 * rgb[2]!;
}

const contrast = (x: string, y: string) => {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe("theme colours (packages/ui styles.css)", () => {
  it("give every theme's primary, light and dark, AA contrast (4.5:1) with its foreground", () => {
    const token = tokens(readFileSync(createRequire(import.meta.url).resolve("@pizarra/ui/styles.css"), "utf8"));
    const ratios = THEME_COLORS.flatMap((theme) => {
      const light = [token(`[data-theme="${theme}"]`, "--primary"), token(":root", "--primary-foreground")];
      const dark = [token(`.dark[data-theme="${theme}"]`, "--primary") ?? token(".dark", "--primary"), token(".dark", "--primary-foreground")];
      return [light, dark].map(([primary, foreground], i) => ({
        theme: theme.replace("light.", i ? "dark." : "light."),
        ratio: contrast(primary!, foreground!),
      }));
    });
    expect(ratios).toHaveLength(THEME_COLORS.length * 2);
    expect(ratios.filter((r) => r.ratio < 4.5)).toEqual([]);
  });
});
