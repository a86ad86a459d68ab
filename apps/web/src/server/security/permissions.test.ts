import { MODULE_IDS, PICK_PAGE_MAX } from "@pizarra/contracts";
import { forTenant } from "@pizarra/db";
import { DEMO_PASSWORD, seedStaff } from "@pizarra/db/seed";
import { beforeAll, describe, expect, it } from "vitest";
import type { Route } from "../http/route.ts";
import { ROUTES } from "../routes.ts";
import type { PickGate } from "../resource/pick-gate.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { changedTables, fillPath, resourceOf, routeName, snapshot } from "../../test-support/route-samples.ts";

/**
 * Issue 5 item 4: in Colegio Demo, a staff member who may read every module and one who may use none are refused on
 * the server — the reader every write, the other every call of every guarded module — and nothing is written.
 */
const api = apiHarness({ school: true });

/**
 * Routes any signed-in user may call (module null), each with why. A new one fails the matrix until it is reviewed
 * here. Option lists (`{resource}/get?pick=true`, `admSubject/getParts` …) have a module and a second way in, checked below.
 */
const OPEN_ROUTES: Record<string, string> = {
  "GET admStaff/loginToken": "the caller's own session",
  "POST admStaff/logout": "ends the caller's own session",
  "GET admStaff/tenants": "the schools of the caller's own account",
  "GET admStaff/tenants/{id}/menu": "switching school: the menu the caller's groups give there",
  "GET general/getcountries": "fixed geography, no school data",
  "GET general/getstates": "fixed geography, no school data",
  "GET general/getcities": "fixed geography, no school data",
  "GET general/getdistricts": "fixed geography, no school data",
  "GET general/getlists": "fixed geography, no school data",
  "GET general/getlist/{type}": "the school's catalogue values, the options of selects on every screen",
  "GET admGrades/reports": "the report items the caller's rights give (none without)",
  "GET push/key": "the server's public push key, the same for everyone",
  "POST push/subscribe": "the caller's own device",
  "POST push/status": "the caller's own device",
  "POST push/unsubscribe": "the caller's own device",
  "POST tenants/contact/us": "a message from the caller to their school's support",
};

const isList = (route: Route) => route.method === "GET" && resourceOf(route) !== null && route.path === `${resourceOf(route)!.def.id}/get`;
const pickGateOf = (route: Route) => (route.auth === "user" && route.alsoAllowed && "offeredTo" in route.alsoAllowed ? (route.alsoAllowed as PickGate) : null);
const moduleOf = (route: Route) => (route.auth === "user" ? route.module : null);
/** Routes no one module answers for, whose right the route declares otherwise (`need`: some module, or one by query). */
const needing = ROUTES.filter((r) => r.auth === "user" && r.module === null && r.need !== undefined);
const guarded = ROUTES.filter((r) => moduleOf(r) !== null);
const path = (route: Route) => fillPath(route, () => 1);

describe("permission matrix (issue 5)", () => {
  let reader: string;
  let nobody: string;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let tenant: number;

  beforeAll(async () => {
    const db = api.db();
    ({ tenantId: tenant } = await api.school());
    const school = forTenant(db, tenant);
    const group = await school.userGroup.create({ data: { name: "Matriz: solo lectura" } });
    const modules = await school.module.findMany({ select: { id: true } });
    await school.moduleAccess.createMany({ data: modules.map((m) => ({ groupId: group.id, moduleId: m.id, canRead: true, canWrite: false })) });
    const staff = (email: string, groupIds: number[]) =>
      seedStaff(db, {
        email,
        password: DEMO_PASSWORD,
        name: "Matriz",
        last: email.split("@")[0]!,
        roleCode: 4,
        cel: "900000000",
        memberships: [{ tenantId: tenant, groupIds }],
      });
    await staff("lector@matriz.demo", [group.id]);
    await staff("nadie@matriz.demo", []);
    reader = await api.tokenFor("lector@matriz.demo");
    nobody = await api.tokenFor("nadie@matriz.demo");
    before = await snapshot(db, tenant);
  }, 120_000);

  it("guards routes only with modules of the catalogue, and leaves open only the reviewed routes and the lists", () => {
    expect(guarded.map((r) => moduleOf(r)).filter((m) => !MODULE_IDS.has(m!))).toEqual([]);
    const open = ROUTES.filter((r) => r.auth === "user" && moduleOf(r) === null && !needing.includes(r)).map(routeName);
    expect(needing.map(routeName).sort()).toEqual([
      "GET admGrades/exportFinal",
      "GET admGrades/getFinal",
      "POST misc/content/file",
      "POST misc/content/file/delete",
    ]);
    expect(open.sort()).toEqual(Object.keys(OPEN_ROUTES).sort());
    // A second way in is only ever an option list's, so the matrix below knows what it opens.
    expect(ROUTES.filter((r) => r.auth === "user" && r.alsoAllowed && !pickGateOf(r)).map(routeName)).toEqual([]);
  });

  it("refuses every write to the reader and every call to the user without access, writing nothing", async () => {
    const wrong: string[] = [];
    const expectRefused = async (route: Route, token: string, who: string) => {
      const res = await api.call(route.method, path(route), { token, body: route.method === "GET" ? undefined : {} });
      if (res.http !== 403) wrong.push(`${routeName(route)} (${moduleOf(route)}) answered ${res.http} to ${who}`);
    };
    for (const route of [...guarded, ...needing]) {
      if (route.method !== "GET") await expectRefused(route, reader, "the reader");
      await expectRefused(route, nobody, "the user without access");
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await snapshot(api.db(), tenant))).toEqual([]);
  }, 120_000);

  it("refuses every list, print, export and pick list to the user without access, and gives the reader the whole list", async () => {
    const wrong: string[] = [];
    for (const route of ROUTES.filter(isList)) {
      for (const [query, token, who, status] of [
        ["", nobody, "the user without access", 403],
        ["?print=true", nobody, "the user without access", 403],
        ["?print=true&format=xlsx", nobody, "the user without access", 403],
        ["?pick=true", nobody, "the user without access", 403],
        ["?pick=true&print=true", nobody, "the user without access", 403],
        ["", reader, "the reader", 200],
      ] as const) {
        const res = await api.raw("GET", `${route.path}${query}`, { token });
        if (res.status !== status) wrong.push(`GET ${route.path}${query} answered ${res.status} to ${who}, not ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("opens an option list to exactly those who may fill a field offering it, as a capped page of names", async () => {
    const db = api.db();
    const school = forTenant(db, tenant);
    const group = await school.userGroup.create({ data: { name: "Matriz: un derecho" } });
    await seedStaff(db, {
      email: "uno@matriz.demo",
      password: DEMO_PASSWORD,
      name: "Matriz",
      last: "uno",
      roleCode: 4,
      cel: "900000000",
      memberships: [{ tenantId: tenant, groupIds: [group.id] }],
    });
    const picker = await api.tokenFor("uno@matriz.demo");
    const grant = async (module: string, right: "read" | "write") => {
      await school.moduleAccess.deleteMany({ where: { groupId: group.id } });
      await school.moduleAccess.create({ data: { groupId: group.id, moduleId: module, canRead: true, canWrite: right === "write" } });
    };
    const wrong: string[] = [];
    let checked = 0;
    for (const route of ROUTES.filter((r) => pickGateOf(r) !== null)) {
      const gate = pickGateOf(route)!;
      const pick = gate.pickOnly ? "?pick=true&" : "?";
      const others = [...MODULE_IDS].filter((m) => m !== moduleOf(route) && !gate.offeredTo.some((o) => o.module === m));
      for (const offer of [...gate.offeredTo, { module: others[0]!, right: "write" as const, offers: false }]) {
        const offers = !("offers" in offer);
        await grant(offer.module, offer.right);
        const who = `a user with ${offer.right} on ${offer.module}`;
        const res = await api.raw("GET", `${route.path}${pick}PageSize=10000`, { token: picker });
        const allowed = res.status !== 403;
        if (allowed !== offers) wrong.push(`GET ${route.path}${pick} answered ${res.status} to ${who}`);
        if (offers && res.status === 200 && gate.pickOnly) {
          const data = ((await res.json()) as { data: { Results: Record<string, unknown>[] } }).data;
          const extra = data.Results.flatMap((row) => Object.keys(row)).filter((key) => !["ID", "name", "img", "desc"].includes(key));
          if (extra.length) wrong.push(`GET ${route.path}?pick=true carried ${[...new Set(extra)].join(", ")}`);
          if (data.Results.length > PICK_PAGE_MAX) wrong.push(`GET ${route.path}?pick=true gave ${data.Results.length} rows in one page`);
        }
        if (gate.pickOnly && offer.module !== moduleOf(route)) {
          for (const query of ["", "?print=true", "?pick=true&print=true", "?print=true&format=xlsx"]) {
            const full = await api.raw("GET", `${route.path}${query}`, { token: picker });
            if (full.status !== 403) wrong.push(`GET ${route.path}${query} answered ${full.status} to ${who}, who may only pick`);
          }
        }
        checked += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    // A page of a long list is capped, and says there is more.
    await grant("admStaff", "write");
    const users = (await api.call<{ Results: unknown[]; PageCount: number }>("GET", "admUserGroup/get?pick=true&PageSize=10000", { token: picker })).body.data;
    expect(users.Results.length).toBeLessThanOrEqual(PICK_PAGE_MAX);
    await grant("admGroup", "write");
    const people = (await api.call<{ Results: unknown[]; PageCount: number }>("GET", "admUser/get?pick=true&PageSize=10000", { token: picker })).body.data;
    expect(people.Results.length).toBe(PICK_PAGE_MAX);
    expect(people.PageCount).toBeGreaterThan(1);
  }, 300_000);

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
