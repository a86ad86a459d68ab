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
