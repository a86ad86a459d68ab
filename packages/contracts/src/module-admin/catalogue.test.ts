import { describe, expect, it } from "vitest";
import { flattenCatalogue, MODULE_IDS, SPECIAL_SCREENS } from "./catalogue.ts";
import { RESOURCES, screenDefinitionOf } from "../resource/index.ts";

const screens = flattenCatalogue().filter((m) => !m.isHeading);
const special = new Set<string>(SPECIAL_SCREENS);

describe("the module catalogue", () => {
  it("gives every module of the menu a resource definition or a special screen", () => {
    const without = screens.filter((m) => !special.has(m.id) && !screenDefinitionOf(m.id)).map((m) => m.id);
    expect(without).toEqual([]);
  });

  it("does not give a module both, so the screen it opens is never in doubt", () => {
    expect(screens.filter((m) => special.has(m.id) && screenDefinitionOf(m.id)).map((m) => m.id)).toEqual([]);
  });

  it("guards every definition and special screen by a module the menu knows", () => {
    expect(
      Object.values(RESOURCES)
        .filter((def) => !MODULE_IDS.has(def.module))
        .map((def) => def.id),
    ).toEqual([]);
    expect(SPECIAL_SCREENS.filter((id) => !MODULE_IDS.has(id))).toEqual([]);
  });

  it("has unique module ids", () => {
    expect(MODULE_IDS.size).toBe(flattenCatalogue().length);
  });
});
