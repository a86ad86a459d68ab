import { MODULE_IDS } from "@pizarra/contracts";
import { DEMO_PASSWORD, forTenant, seedStaff } from "@pizarra/db";
import { beforeAll, describe, expect, it } from "vitest";
import type { Route } from "../http/route.ts";
import { ROUTES } from "../http/routes.ts";
import { apiHarness } from "../testing/harness.ts";
import { changedTables, demoTenants, fillPath, resourceOf, routeName, snapshot } from "./route-samples.ts";

/**
 * Issue 5 item 4: in Colegio Demo, a staff member who may read every module and one who may use none are refused on
 * the server — the reader every write, the other every call of every guarded module — and nothing is written.
 */
const api = apiHarness({ school: true });

/**
 * Routes any signed-in user may call (module null), each with why. A new one fails the matrix until it is reviewed
 * here. The factory's lists (`{resource}/get`) are open only for pick lists, checked below.
 */
const OPEN_ROUTES: Record<string, string> = {
  "GET admStaff/loginToken": "the caller's own session",
  "GET admStaff/tenants": "the schools of the caller's own account",
  "GET admStaff/tenants/{id}/menu": "switching school: the menu the caller's groups give there",
  "GET general/getcountries": "fixed geography, no school data",
  "GET general/getstates": "fixed geography, no school data",
  "GET general/getcities": "fixed geography, no school data",
  "GET general/getdistricts": "fixed geography, no school data",
  "GET general/getlists": "fixed geography, no school data",
  "GET general/getlist/{type}": "the school's catalogue values, the options of selects on every screen",
  "GET admResource/active": "pick list of the bookable resources (the booking form)",
  "GET admSubject/getParts": "pick list of course-sections (the grade screen's filter, for teachers without admSubject)",
  "POST misc/content/file": "rich-text images: the handler asks for write on some module",
  "POST misc/content/file/delete": "rich-text images: the handler asks for write on some module",
  "GET admGrades/getFinal": "the handler asks for read on admGrades or admGradesBehavior, by the sheet's kind",
  "GET admGrades/exportFinal": "getFinal's sheet as .xlsx, with getFinal's check",
  "GET admGrades/reports": "the report items the caller's rights give (none without)",
};

const isList = (route: Route) => route.method === "GET" && resourceOf(route) !== null && route.path === `${resourceOf(route)!.def.id}/get`;
const moduleOf = (route: Route) => (route.auth === "user" ? route.module : null);
const guarded = ROUTES.filter((r) => moduleOf(r) !== null);
const path = (route: Route) => fillPath(route, () => 1);

describe("permission matrix (issue 5)", () => {
  let reader: string;
  let nobody: string;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let tenant: number;

  beforeAll(async () => {
    const db = api.db();
    tenant = (await demoTenants(db)).a;
    const school = forTenant(db, tenant);
    const group = await school.userGroup.create({ data: { name: "Matriz: solo lectura" } });
    const modules = await school.module.findMany({ select: { id: true } });
    await school.moduleAccess.createMany({ data: modules.map((m) => ({ groupId: group.id, moduleId: m.id, canRead: true, canWrite: false })) });
    const staff = (email: string, groupIds: number[]) =>
      seedStaff(db, { email, password: DEMO_PASSWORD, name: "Matriz", last: email.split("@")[0]!, roleCode: 4, cel: "900000000", memberships: [{ tenantId: tenant, groupIds }] });
    await staff("lector@matriz.demo", [group.id]);
    await staff("nadie@matriz.demo", []);
    reader = await api.tokenFor("lector@matriz.demo");
    nobody = await api.tokenFor("nadie@matriz.demo");
    before = await snapshot(db, tenant);
  }, 120_000);

  it("guards routes only with modules of the catalogue, and leaves open only the reviewed routes and the lists", () => {
    expect(guarded.map((r) => moduleOf(r)).filter((m) => !MODULE_IDS.has(m!))).toEqual([]);
    const open = ROUTES.filter((r) => r.auth === "user" && moduleOf(r) === null && !isList(r)).map(routeName);
    expect(open.sort()).toEqual(Object.keys(OPEN_ROUTES).sort());
  });

  it("refuses every write to the reader and every call to the user without access, writing nothing", async () => {
    const wrong: string[] = [];
    const expectRefused = async (route: Route, token: string, who: string) => {
      const res = await api.call(route.method, path(route), { token, body: route.method === "GET" ? undefined : {} });
      if (res.http !== 403) wrong.push(`${routeName(route)} (${moduleOf(route)}) answered ${res.http} to ${who}`);
    };
    for (const route of guarded) {
      if (route.method !== "GET") await expectRefused(route, reader, "the reader");
      await expectRefused(route, nobody, "the user without access");
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await snapshot(api.db(), tenant))).toEqual([]);
  }, 120_000);

  it("lets the user without access read a list only as a pick list, and the reader the whole list", async () => {
    const wrong: string[] = [];
    for (const route of ROUTES.filter(isList)) {
      for (const [query, token, who, status] of [
        ["", nobody, "the user without access", 403],
        ["?print=true", nobody, "the user without access", 403],
        ["?print=true&format=xlsx", nobody, "the user without access", 403],
        ["?pick=true", nobody, "the user without access", 200],
        ["", reader, "the reader", 200],
      ] as const) {
        const res = await api.raw("GET", `${route.path}${query}`, { token });
        if (res.status !== status) wrong.push(`GET ${route.path}${query} answered ${res.status} to ${who}, not ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("keeps the final sheets and their report items from the user without access", async () => {
    const query = "?periodId=0&sectionId=1&levelCount=0";
    expect((await api.call("GET", `admGrades/getFinal${query}`, { token: nobody })).http).toBe(403);
    expect((await api.raw("GET", `admGrades/exportFinal${query}`, { token: nobody })).status).toBe(403);
    expect((await api.call("GET", "admGrades/reports", { token: nobody })).body.data).toEqual([]);
    expect((await api.call("GET", "admGrades/reports?isBehavior=true", { token: nobody })).body.data).toEqual([]);
    expect((await api.call("POST", "misc/content/file", { token: reader, body: { data: "iVBORw0KGgo=" } })).http).toBe(403);
    expect((await api.call("POST", "misc/content/file/delete", { token: nobody, body: { name: "x.png" } })).http).toBe(403);
  });
});
