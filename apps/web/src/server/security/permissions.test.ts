import fs from "node:fs";
import nodePath from "node:path";
import { MODULE_IDS, PICK_PAGE_MAX } from "@pizarra/contracts";
import { forTenant } from "@pizarra/db";
import { DEMO_PASSWORD, seedStaff } from "@pizarra/db/seed";
import { demoPasswordHash } from "@pizarra/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import es from "../../../messages/es.json";
import type { Route } from "../http/route.ts";
import { groupRoutes } from "../modules/groups/routes.ts";
import { ROUTES } from "../routes.ts";
import type { ResourceServer } from "../resource/factory.ts";
import type { PickGate } from "../resource/pick-gate.ts";
import { RESOURCE_SERVERS, SERVED_RESOURCES } from "../resources.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { rightsState } from "../../test-support/rights-state.ts";
import { changedTables, fillPath, resourceOf, routeName, snapshot } from "../../test-support/route-samples.ts";
import { type StaffMember, staffWith } from "../../test-support/staff-with.ts";

/**
 * In Colegio Demo, a staff member who may read every module and one who may use none are refused on
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

describe("permission matrix", () => {
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
    const passwordHash = await demoPasswordHash();
    const staff = (email: string, groupIds: number[]) =>
      seedStaff(db, {
        email,
        password: DEMO_PASSWORD,
        passwordHash,
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
      passwordHash: await demoPasswordHash(),
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

/** The models whose rows decide who may do what: a group (its staff flag), its members and its module rights. */
const RIGHTS_MODELS = new Set(["userGroup", "userGroupMember", "moduleAccess"]);
const GROUP_DEFS = new Set(RESOURCE_SERVERS.filter((s) => s.model === "userGroup").map((s) => s.def.id));
/** A form field that is no column and offers groups: saving it sets the person's memberships (admStaff's groupId). */
const joinField = (server: ResourceServer) =>
  server.def.fields.find((f) => server.virtual?.includes(f.name) && f.options?.kind === "resource" && GROUP_DEFS.has(f.options.resource));
/**
 * The hand-written routes that change a membership or a right: every write of the groups domain's own routes, and the
 * module screen's rights. The rest are derived from the resources; the last test below fails when a new file reaches
 * the code that writes memberships and rights, so that its routes join this list.
 */
const HAND_KINDS: Record<string, string> = {
  "POST admGroup/importAttach": "import ids",
  "POST admUserGroup/importAttach": "import ids",
  "POST admUser/importAttach": "import numbers",
  "POST admModule/edit/{id}": "module rights",
};
/** The modules of the server whose code may write memberships and rights, and why the walk covers them. */
const WRITERS: Record<string, string> = {
  "modules/groups/group-rules.ts": "the group and member resources (derived from their models)",
  "modules/groups/import-members.ts": "the three importAttach routes of groupRoutes",
  "modules/module-admin/modules.ts": "POST admModule/edit/{id}",
  "modules/people/staff-rules.ts": "admStaff's groupId (derived from its field)",
};

/** A catalogue message as a pattern, each `:placeholder` standing for any text. */
const messagePattern = (text: string) => new RegExp(`^${text.replace(/[.*+?^$|()[\]{}\\]/g, "\\$&").replace(/:\w+/g, ".+")}$`);

/** What a route changes of who may do what (a group, a membership, a grant), or null. */
function kindOf(route: Route): string | null {
  const server = resourceOf(route);
  if (!server) return HAND_KINDS[routeName(route)] ?? null;
  const action = route.path.slice(server.def.id.length + 1).split("/")[0]!;
  if (route.method !== "POST" || !["create", "edit", "delete", "importAttach"].includes(action)) return null;
  // A write the definition does not offer answers 405 before it reads anything.
  if (action !== "importAttach" && !server.def.actions.includes(action as "create")) return null;
  if (RIGHTS_MODELS.has(server.model)) return `${server.model} ${action}`;
  // A person's delete takes their memberships with them, but sets none: the people rules answer for it.
  return joinField(server) && action !== "delete" ? `join ${action}` : null;
}

describe("memberships and rights: a caller one right short is refused on every route that changes them", () => {
  /** Callers of role 10 with write on every module of those routes: short of the staff right, of the grades right, or of nothing. */
  const ROUTE_MODULES = { admGroup: true, admUserGroup: true, admUser: true, admModule: true, admStudent: true };
  let noStaff: StaffMember;
  let noGrades: StaffMember;
  let full: StaffMember;
  /** Staff groups granting admStudent (P), admStudent and admGrades (PX), admStudent with a role-20 member (H). */
  const g = { P: 0, PX: 0, H: 0 };
  let memberInP: number;
  let memberInH: number;
  let mover: number;
  let tenant: number;
  const modules: Record<string, { name: string; sort: number; read: number[]; write: number[] }> = {};

  const rightsOf = new Map<StaffMember, Record<string, boolean>>();

  beforeAll(async () => {
    const db = api.db();
    ({ tenantId: tenant } = await api.school());
    const school = forTenant(db, tenant);
    const caller = async (email: string, rights: Record<string, boolean>) => {
      const member = await staffWith(db, tenant, email, rights, 10);
      rightsOf.set(member, rights);
      return member;
    };
    noStaff = await caller("sin-personal@matriz.demo", ROUTE_MODULES);
    noGrades = await caller("sin-notas@matriz.demo", { ...ROUTE_MODULES, admStaff: true });
    full = await caller("completo@matriz.demo", { ...ROUTE_MODULES, admStaff: true, admGrades: true });
    const person = async (last: string, roleCode: number) =>
      (await school.user.create({ data: { name: "Matriz", last, type: 4, roleCode, mail: `${last}@matriz.demo`, cel: "900000001" } })).id;
    const member = await person("miembro", 0);
    const boss = await person("jefa", 20);
    mover = await person("movido", 0);
    for (const [name, rights] of [
      ["P", { admStudent: false }],
      ["PX", { admStudent: false, admGrades: true }],
      ["H", { admStudent: false }],
    ] as const) {
      const group = await school.userGroup.create({ data: { name: `Matriz: ${name}`, staff: true } });
      await school.moduleAccess.createMany({ data: Object.entries(rights).map(([moduleId, canWrite]) => ({ groupId: group.id, moduleId, canWrite })) });
      g[name] = group.id;
    }
    memberInP = (await school.userGroupMember.create({ data: { groupId: g.P, userId: member } })).id;
    await school.userGroupMember.create({ data: { groupId: g.PX, userId: member } });
    memberInH = (await school.userGroupMember.create({ data: { groupId: g.H, userId: member } })).id;
    await school.userGroupMember.createMany({
      data: [
        { groupId: g.H, userId: boss },
        { groupId: g.P, userId: mover },
      ],
    });
    for (const id of ["admStudent", "admGrades"]) {
      const { name, sort } = await school.module.findFirstOrThrow({ where: { id }, select: { name: true, sort: true } });
      const access = await school.moduleAccess.findMany({ where: { moduleId: id } });
      modules[id] = { name, sort, read: access.map((a) => a.groupId), write: access.filter((a) => a.canWrite).map((a) => a.groupId) };
    }
  }, 60_000);

  let named = 0;
  type Attempt = { who: StaffMember; as: string; path: string; body: Record<string, unknown>; refusal: keyof typeof es.api };

  /** The change each kind of route is asked for, by a caller short of one right (or aimed at a group that outranks them). */
  function attempts(route: Route, kind: string): Attempt[] | null {
    const server = resourceOf(route);
    const id = server?.def.id;
    const grants = server?.def.fields.some((f) => f.name === "canRead") ?? false;
    const staffGroup = (extra: Record<string, unknown> = {}) => ({ name: `Matriz nuevo ${(named += 1)}`, type: 0, staff: true, ...extra });
    const moduleEdit = (module: string, change: { read?: number; write?: number }) => {
      const m = modules[module]!;
      return {
        name: m.name,
        sort: m.sort,
        userRead: [...m.read, ...(change.read ? [change.read] : [])],
        userEdit: [...m.write, ...(change.write ? [change.write] : [])],
      };
    };
    const newPerson = (groupId: number) => ({
      name: "Matriz",
      last: "Nuevo",
      type: 4,
      mail: `nuevo-${groupId}@matriz.demo`,
      cel: "987000111",
      [joinField(server!)!.name]: groupId,
    });
    const join = (to: (groupId: number, who: StaffMember) => [string, Record<string, unknown>]): Attempt[] => [
      { who: noStaff, as: "short of the staff right, into P", path: to(g.P, noStaff)[0], body: to(g.P, noStaff)[1], refusal: "groupStaffRight" },
      { who: noGrades, as: "short of admGrades, into PX", path: to(g.PX, noGrades)[0], body: to(g.PX, noGrades)[1], refusal: "groupGrantsMore" },
      { who: full, as: "into H, whose member outranks them", path: to(g.H, full)[0], body: to(g.H, full)[1], refusal: "higherRole" },
    ];
    switch (kind) {
      case "userGroup create":
        return [
          {
            who: noStaff,
            as: "short of the staff right",
            path: `${id}/create`,
            body: staffGroup(grants ? { canRead: ["admStudent"] } : {}),
            refusal: "groupStaffRight",
          },
          ...(grants
            ? [
                {
                  who: noGrades,
                  as: "granting admGrades",
                  path: `${id}/create`,
                  body: staffGroup({ canRead: ["admStudent", "admGrades"], canEdit: ["admGrades"] }),
                  refusal: "groupGrantNotHeld",
                } as const,
              ]
            : []),
        ];
      case "userGroup edit":
        return [
          { who: noStaff, as: "short of the staff right, P", path: `${id}/edit/${g.P}`, body: { name: "Matriz: P" }, refusal: "groupStaffRight" },
          ...(grants
            ? [
                {
                  who: noGrades,
                  as: "granting admGrades to P",
                  path: `${id}/edit/${g.P}`,
                  body: { canRead: ["admStudent", "admGrades"] },
                  refusal: "groupGrantNotHeld",
                } as const,
              ]
            : []),
          { who: full, as: "H, whose member outranks them", path: `${id}/edit/${g.H}`, body: { name: "Matriz: H" }, refusal: "higherRole" },
        ];
      case "userGroup delete":
        return [
          { who: noStaff, as: "short of the staff right, P", path: `${id}/delete/${g.P}?confirm=true`, body: {}, refusal: "groupStaffRight" },
          { who: full, as: "H, whose member outranks them", path: `${id}/delete/${g.H}?confirm=true`, body: {}, refusal: "higherRole" },
        ];
      case "userGroupMember create":
        return join((groupId, who) => [`${id}/create?parentId=${groupId}`, { userId: who.id }]);
      case "userGroupMember delete":
        return [
          { who: noStaff, as: "short of the staff right, from P", path: `${id}/delete/${memberInP}?confirm=true`, body: {}, refusal: "groupStaffRight" },
          { who: full, as: "from H, whose member outranks them", path: `${id}/delete/${memberInH}?confirm=true`, body: {}, refusal: "higherRole" },
        ];
      case "import ids":
        return join((groupId, who) => [route.path, { groupId, idsList: String(who.id) }]);
      case "import numbers":
        return [noStaff, full].flatMap((who) =>
          (["P", "H"] as const).map(
            (name): Attempt => ({
              who,
              as: `into the permission group ${name}`,
              path: route.path,
              body: { groupId: g[name], phoneList: "+51 911 000 321" },
              refusal: "groupAudienceOnly",
            }),
          ),
        );
      case "module rights":
        return [
          {
            who: noStaff,
            as: "short of the staff right, P modifies students",
            path: "admModule/edit/admStudent",
            body: moduleEdit("admStudent", { write: g.P }),
            refusal: "groupStaffRight",
          },
          {
            who: noGrades,
            as: "granting P admGrades",
            path: "admModule/edit/admGrades",
            body: moduleEdit("admGrades", { read: g.P }),
            refusal: "groupGrantNotHeld",
          },
          {
            who: full,
            as: "H, whose member outranks them",
            path: "admModule/edit/admStudent",
            body: moduleEdit("admStudent", { write: g.H }),
            refusal: "higherRole",
          },
        ];
      case "join create":
        return join((groupId) => [`${id}/create`, newPerson(groupId)]);
      case "join edit":
        return join((groupId) => [`${id}/edit/${mover}`, { [joinField(server!)!.name]: groupId }]);
      default:
        return null;
    }
  }

  it("walks every route that changes a membership or a right, refusing each attempt and changing no row", async () => {
    const walked = ROUTES.filter((r) => kindOf(r) !== null);
    const wrong: string[] = [];
    // A new write of the groups domain is walked, or this fails until it is.
    for (const route of groupRoutes(SERVED_RESOURCES).filter((r) => r.method === "POST"))
      if (!HAND_KINDS[routeName(route)]) wrong.push(`${routeName(route)} is not walked`);
    let tried = 0;
    for (const route of walked) {
      const list = attempts(route, kindOf(route)!);
      if (!list) {
        wrong.push(`${routeName(route)} (${kindOf(route)}): no attempt is written for it`);
        continue;
      }
      for (const attempt of list) {
        // One right short, never two: the caller holds the route's own module (admStaff's routes skip the one short of it).
        const module = moduleOf(route);
        if (module && !rightsOf.get(attempt.who)?.[module]) continue;
        const before = await rightsState(api.db(), tenant);
        const res = await api.call("POST", attempt.path, { token: attempt.who.token, body: attempt.body });
        if (res.http !== 403 || !messagePattern(es.api[attempt.refusal]).test(res.body.msg))
          wrong.push(`${routeName(route)} ${attempt.as}: ${res.http} ${res.body.msg}`);
        const after = await rightsState(api.db(), tenant);
        for (const [table, digest] of Object.entries(after)) if (before[table] !== digest) wrong.push(`${routeName(route)} ${attempt.as} changed ${table}`);
        tried += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(walked.map(routeName).sort()).toEqual(
      expect.arrayContaining([
        "POST admGroup/create",
        "POST admGroup/edit/{id}",
        "POST admGroup/delete/{id}",
        "POST admGroupMembers/create",
        "POST admGroupMembers/delete/{id}",
        "POST admUserGroupMembers/create",
        "POST admUserGroup/edit/{id}",
        "POST admStaff/create",
        "POST admStaff/edit/{id}",
        ...Object.keys(HAND_KINDS),
      ]),
    );
    expect(tried).toBeGreaterThanOrEqual(35);
  }, 60_000);

  it("writes memberships and rights in one file, reached only from the code the walk covers", () => {
    const server = nodePath.join(import.meta.dirname, "..");
    const code = (fs.readdirSync(server, { recursive: true }) as string[])
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => [file.split(nodePath.sep).join("/"), fs.readFileSync(nodePath.join(server, file), "utf8")] as const);
    // Their models' own writes, a nested write through a group or a person, and raw SQL on their tables.
    const writes = [
      /\.(userGroupMember|moduleAccess)\s*\.\s*(create|createMany|createManyAndReturn|upsert|update|updateMany|delete|deleteMany)\(/,
      /\b(members|memberships|access)\s*:\s*\{\s*(create|createMany|connect|connectOrCreate|set|upsert|update|updateMany|delete|deleteMany|disconnect)\b/,
      /"(UserGroupMember|ModuleAccess)"/,
    ];
    expect(code.filter(([, text]) => writes.some((w) => w.test(text))).map(([file]) => file)).toEqual(["modules/groups/group-changes.ts"]);
    // Other domains reach the writers through the groups domain's door (index.ts), which passes some of them on.
    const door = "modules/groups/index.ts";
    const lent = [...code.find(([file]) => file === door)![1].matchAll(/export \{([^}]*)\} from "\.\/group-changes\.ts"/g)].flatMap((m) =>
      m[1]!.split(",").map((name) => name.trim()),
    );
    const importsLent = (text: string) =>
      [...text.matchAll(/import \{([^}]*)\} from "[^"]*\/groups\/index\.ts"/g)].some((m) => m[1]!.split(",").some((name) => lent.includes(name.trim())));
    const reaching = code
      .filter(([file]) => file !== "modules/groups/group-changes.ts" && file !== door)
      .filter(([, text]) => /from "[^"]*\/group-changes\.ts"/.test(text) || importsLent(text))
      .map(([file]) => file);
    expect(lent.length).toBeGreaterThan(0);
    expect(reaching.sort()).toEqual(Object.keys(WRITERS).sort());
  });
});
