import { decodeDeepLink, findAction, RESOURCES, type LinkActionDef } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import { linkHref } from "./action-link.ts";

const enterGrades = findAction(RESOURCES.admSubject, "enterGrades") as LinkActionDef;
const linkOf = (href: string) => decodeDeepLink(new URL(href, "http://x").searchParams.get("deepLink"));

describe("a link action (000 §2.1 deep links)", () => {
  it("opens admGrades on the subject row's course, first grade and period", () => {
    const href = linkHref(enterGrades, { ID: 41, superSections: [7, 8], periodId: 202601, name: "Matemática" }, {});
    expect(href.startsWith("/app/admGrades?deepLink=")).toBe(true);
    expect(linkOf(href)).toEqual({ type: 0, module: "admGrades", superSectionId: 7, activityId: 41, periodId: 202601 });
  });

  it("leaves the grade to choose for a subject taught in none, and reads the filters from the toolbar", () => {
    expect(linkOf(linkHref(enterGrades, { ID: 41, superSections: [], periodId: 202601 }, {}))).toEqual({
      type: 0,
      module: "admGrades",
      activityId: 41,
      periodId: 202601,
    });
    const toolbar = { ...enterGrades, scope: "toolbar" } as const;
    expect(linkOf(linkHref(toolbar, null, { ID: 5, superSections: 3, periodId: 202501 }))).toEqual({
      type: 0,
      module: "admGrades",
      superSectionId: 3,
      activityId: 5,
      periodId: 202501,
    });
  });
});
