import { UPLOAD_TYPES } from "@pizarra/contracts";
import { forTenant } from "@pizarra/db";
import { beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_SERVERS } from "../resources.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { changedTables, snapshot } from "../../test-support/route-samples.ts";
import { staffWith as staffWithRights } from "../../test-support/staff-with.ts";

/**
 * Write rights hold on every path to a record. A row that several resources reach (a person is a
 * student, a relative, staff, or just a user) obeys the stricter right, whichever door the write comes through; and
 * nobody deactivates, re-types, re-groups or deletes themselves or anyone of a higher role.
 */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const ROLE = 10;
let tenant: number;

/** A staff member of role 10 whose one group holds exactly these rights (module → write?), and their token. */
const staffWith = (email: string, rights: Record<string, boolean>) => staffWithRights(api.db(), tenant, email, rights, ROLE);

/** The fields of a definition a record answers with, as an edit would send them back. */
const editable = (record: Row, fields: readonly { name: string }[]) =>
  Object.fromEntries(fields.filter((f) => f.name in record).map((f) => [f.name, record[f.name]]));

beforeAll(async () => {
  const { tenantId, db: school } = await api.school();
  tenant = tenantId;
  // A student and a relative who sign in (the family sign-in to come): their rows are staff-guarded wherever reached.
  for (const type of [1, 2]) {
    const person = await school.user.findFirstOrThrow({ where: { type, accountId: null, roleCode: 0 }, select: { id: true } });
    const account = await api.db().account.create({ data: { email: `familia-${type}@pizarra.demo`, passwordHash: "x" } });
    await school.user.update({ where: { id: person.id }, data: { accountId: account.id } });
  }
});

describe("the stricter right holds on every door to a row", () => {
  it("refuses edits, uploads and deletes of a row another resource answers for, to a user without that resource's write right", async () => {
    const doors = RESOURCE_SERVERS.filter((s) => s.owners?.length && s.def.actions.some((a) => a === "edit" || a === "delete"));
    const wrong: string[] = [];
    const aimed = new Set<string>();
    let checked = 0;
    for (const server of doors) {
      for (const owner of server.owners!) {
        const model = (forTenant(api.db(), tenant) as unknown as Record<string, { findFirst(args: object): Promise<Row | null> }>)[server.model]!;
        // A row of the owner's that this door reaches (disjoint scopes share none), of a role the caller may otherwise write.
        const person = server.model === "user" ? [{ roleCode: { lte: ROLE } }] : [];
        const row = await model.findFirst({ where: { AND: [owner.where, server.scope?.where ?? {}, ...person] }, select: { id: true } });
        if (!row) continue;
        aimed.add(server.def.id);
        const caller = await staffWith(`puerta-${server.def.id}-${owner.module}@pizarra.demo`.toLowerCase(), { [server.def.module]: true });
        const before = await snapshot(api.db(), tenant);
        const stored = await api.record<Row>(`${server.def.id}/get/${row.id}`, caller.token);
        const attempts: [string, Promise<number>][] = [
          ["edit", api.call("POST", `${server.def.id}/edit/${row.id}`, { token: caller.token, body: editable(stored, server.def.fields) }).then((r) => r.http)],
          ["delete", api.call("POST", `${server.def.id}/delete/${row.id}?confirm=true`, { token: caller.token }).then((r) => r.http)],
          ...server.def.fields
            .filter((f) => UPLOAD_TYPES.has(f.type))
            .map((f): [string, Promise<number>] => [
              `upload ${f.name}`,
              api
                .call("POST", `${server.def.id}/${f.name}?id=${row.id}`, { token: caller.token, body: { name: `${f.name}.png`, data: PNG.toString("base64") } })
                .then((r) => r.http),
            ]),
        ];
        for (const [what, answer] of attempts) {
          const http = await answer;
          if (http !== 403) wrong.push(`${what} of ${owner.module}'s row ${row.id} through ${server.def.id} answered ${http}`);
          checked += 1;
        }
        const changed = changedTables(before, await snapshot(api.db(), tenant)).filter((t) => !t.startsWith("AuditLog"));
        if (changed.length) wrong.push(`${server.def.id} → ${owner.module}: ${changed.join("; ")}`);
      }
    }
    expect(wrong).toEqual([]);
    expect([...aimed].sort()).toEqual(expect.arrayContaining(["admRelatives", "admStudent", "admUser"]));
    expect(checked).toBeGreaterThanOrEqual(15);
  }, 180_000);

  it("keeps staff in admStaff: admUser never creates staff nor moves a person into or out of staff, and a sign-in needs staff rights", async () => {
    const secretary = await api.tokenFor("secretaria@pizarra.demo");
    const db = forTenant(api.db(), tenant);
    const adminRow = await db.user.findFirstOrThrow({ where: { mail: "admin@pizarra.demo" }, select: { id: true } });
    const teacher = await db.user.findFirstOrThrow({ where: { mail: "docente@pizarra.demo" }, select: { id: true } });
    const relative = await db.user.findFirstOrThrow({ where: { type: 1, accountId: null }, select: { id: true } });
    const before = await snapshot(api.db(), tenant);

    const created = await api.call<{ errors: Row }>("POST", "admUser/create", {
      token: secretary,
      body: { name: "Nuevo", last: "Jefe", type: 4, mail: "jefe@colegio.demo" },
    });
    expect(created.http).toBe(422);
    expect(created.body.data.errors.type).toBe("El personal y los docentes se dan de alta y de baja en el módulo de Personal, no aquí.");
    for (const id of [adminRow.id, teacher.id]) {
      const record = await api.record<Row>(`admUser/get/${id}`, secretary);
      for (const body of [{ ...record, inactive: true }, { ...record, type: 1 }, record]) {
        expect((await api.call("POST", `admUser/edit/${id}`, { token: secretary, body })).http).toBe(403);
      }
      expect((await api.call("POST", `admUser/delete/${id}?confirm=true`, { token: secretary })).http).toBe(403);
    }
    const promoted = await api.call<{ errors: Row }>("POST", `admUser/edit/${relative.id}`, {
      token: secretary,
      locale: "en",
      body: { ...(await api.record<Row>(`admUser/get/${relative.id}`, secretary)), type: 5 },
    });
    expect(promoted.http).toBe(422);
    expect(promoted.body.data.errors.type).toBe("Staff and teachers are added and removed in the Staff module, not here.");
    expect(changedTables(before, await snapshot(api.db(), tenant)).filter((t) => !t.startsWith("AuditLog"))).toEqual([]);
  });

  it("never lets anyone deactivate, re-type, re-group or delete themselves", async () => {
    const me = await staffWith("yo@pizarra.demo", { admStaff: true, admUser: true });
    const record = await api.record<Row>(`admStaff/get/${me.id}`, me.token);
    const other = (await forTenant(api.db(), tenant).userGroup.create({ data: { name: "Otro grupo", staff: true } })).id;
    const refusals: [Row, string, string][] = [
      [{ inactive: true }, "inactive", "No puedes desactivarte a ti mismo."],
      [{ type: 5 }, "type", "No puedes cambiar tu propio tipo."],
      [{ groupId: other }, "groupId", "No puedes cambiarte a otro grupo de permisos."],
    ];
    for (const [change, field, message] of refusals) {
      const res = await api.call<{ errors: Row }>("POST", `admStaff/edit/${me.id}`, { token: me.token, body: { ...record, ...change } });
      expect(res.http).toBe(422);
      expect(res.body.data.errors[field]).toBe(message);
    }
    const viaUser = await api.call<{ errors: Row }>("POST", `admUser/edit/${me.id}`, {
      token: me.token,
      body: { ...(await api.record<Row>(`admUser/get/${me.id}`, me.token)), inactive: true },
    });
    expect(viaUser.body.data.errors.inactive).toBe("No puedes desactivarte a ti mismo.");
    for (const door of ["admStaff", "admUser"]) {
      const res = await api.call("POST", `${door}/delete/${me.id}?confirm=true`, { token: me.token });
      expect(res.http).toBe(403);
      expect(res.body.msg).toBe("No puedes eliminarte a ti mismo.");
    }
    // Their own name is theirs to fix.
    expect((await api.call("POST", `admStaff/edit/${me.id}`, { token: me.token, body: { ...record, tag: "Secretaría" } })).body.status).toBe(0);
  });

  it("never lets anyone change a person of a higher role, their group's rights or their memberships", async () => {
    const office = await staffWith("oficina@pizarra.demo", { admStaff: true, admUser: true, admGroup: true, admUserGroup: true });
    const db = forTenant(api.db(), tenant);
    const adminRow = await db.user.findFirstOrThrow({
      where: { mail: "admin@pizarra.demo" },
      select: { id: true, memberships: { select: { id: true, groupId: true } } },
    });
    const before = await snapshot(api.db(), tenant);
    const expectHigher = async (method: "GET" | "POST", path: string, body?: unknown) => {
      const res = await api.call(method, path, { token: office.token, body, locale: "en" });
      expect(res.http, path).toBe(403);
      expect(res.body.msg, path).toBe("This person has a higher role than yours: only someone of their role or higher can change them.");
    };
    const staff = await api.record<Row>(`admStaff/get/${adminRow.id}`, office.token);
    await expectHigher("POST", `admStaff/edit/${adminRow.id}`, { ...staff, pass: "tomada-la-cuenta" });
    await expectHigher("POST", `admStaff/edit/${adminRow.id}`, { ...staff, inactive: true });
    await expectHigher("POST", `admStaff/delete/${adminRow.id}?confirm=true`);
    await expectHigher("POST", `admStaff/face?id=${adminRow.id}`, { name: "face.png", data: PNG.toString("base64") });
    const group = adminRow.memberships[0]!.groupId;
    await expectHigher("POST", `admGroup/edit/${group}`, { ...(await api.record<Row>(`admGroup/get/${group}`, office.token)), canEdit: [] });
    await expectHigher("POST", `admUserGroup/edit/${group}`, { ...(await api.record<Row>(`admUserGroup/get/${group}`, office.token)), forceLogout: true });
    await expectHigher("POST", `admUserGroupMembers/delete/${adminRow.memberships[0]!.id}?confirm=true`);
    await expectHigher("POST", `admGroupMembers/delete/${adminRow.memberships[0]!.id}?confirm=true`);
    expect(changedTables(before, await snapshot(api.db(), tenant)).filter((t) => !t.startsWith("AuditLog"))).toEqual([]);
    expect(await api.db().session.count({ where: { account: { email: "admin@pizarra.demo" }, endedAt: { not: null } } })).toBe(0);
  });
});
