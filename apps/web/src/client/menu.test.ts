import type { TMenuItem } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import { findMenuItem, moduleIdOf, pruneMenu, searchMenu, visibleMenu } from "./menu.ts";

function item(ID: string, name: string, nameEN: string, extra: Partial<TMenuItem> = {}): TMenuItem {
  const subs = extra.subs ?? [];
  return {
    ID,
    name,
    nameEN,
    icon: null,
    parentId: null,
    sort: 0,
    hidden: false,
    ai: false,
    write: subs.length === 0,
    path: subs.length === 0 ? `/app/${ID}` : null,
    inactiveFields: [],
    ...extra,
    subs,
  };
}

const MENU: TMenuItem[] = [
  item("menuAcademic", "Académico", "Academics", {
    subs: [
      item("admPeriod", "Periodos", "Periods"),
      item("menuStructure", "Estructura académica", "Academic structure", {
        subs: [item("admSection", "Secciones", "Sections"), item("admActivityParts", "Cursos por sección", "Subject sections", { hidden: true })],
      }),
    ],
  }),
  item("menuSecret", "Oculto", "Hidden", { hidden: true, subs: [item("admAudit", "Auditoría", "Audit")] }),
];

describe("menu helpers", () => {
  it("finds an entry with the headings above it", () => {
    const hit = findMenuItem(MENU, "admSection");
    expect(hit?.trail.map((h) => h.ID)).toEqual(["menuAcademic", "menuStructure"]);
    expect(findMenuItem(MENU, "nope")).toBeNull();
  });

  it("searches visible screens without accents or case, in either language", () => {
    expect(searchMenu(MENU, "SECCION", "es").map((h) => h.item.ID)).toEqual(["admSection"]);
    expect(searchMenu(MENU, "periods", "es").map((h) => h.item.ID)).toEqual(["admPeriod"]);
    expect(searchMenu(MENU, "audit", "en")).toEqual([]);
    expect(searchMenu(MENU, "   ", "es")).toEqual([]);
  });

  it("drops hidden entries and headings left empty", () => {
    const visible = visibleMenu(MENU);
    expect(visible.map((m) => m.ID)).toEqual(["menuAcademic"]);
    expect(findMenuItem(visible, "admActivityParts")).toBeNull();
    expect(findMenuItem(visible, "admSection")).not.toBeNull();
  });

  it("prunes to the kept ids and the headings that lead to them", () => {
    const pruned = pruneMenu(MENU, new Set(["admSection"]));
    expect(pruned.map((m) => m.ID)).toEqual(["menuAcademic"]);
    expect(pruned[0]!.subs.map((m) => m.ID)).toEqual(["menuStructure"]);
    expect(pruned[0]!.subs[0]!.subs.map((m) => m.ID)).toEqual(["admSection"]);
  });

  it("reads the module id of a path", () => {
    expect(moduleIdOf("/app/admPeriod")).toBe("admPeriod");
    expect(moduleIdOf("/app/home/start")).toBeNull();
    expect(moduleIdOf("/user/login")).toBeNull();
  });
});
