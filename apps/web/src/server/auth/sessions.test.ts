import { forTenant } from "@pizarra/db";
import { DEMO_PASSWORD, seedStaff } from "@pizarra/db/seed";
import { demoPasswordHash } from "@pizarra/db/testing";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "../env.ts";
import { apiHarness } from "../../test-support/harness.ts";

/**
 * Sessions that can end. Every state change that must end a person's sessions does, on the server,
 * so a copy of their token is refused on its next request; renewal cannot outlive the absolute session age.
 */
const api = apiHarness();
const ENDED_ES = "Esta sesión se cerró (salida, cambio de contraseña o acceso retirado). Vuelve a iniciar sesión.";

let admin: string;
let tenant: number;

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
const works = async (token: string) => (await api.call("GET", "admStaff/loginToken", { token })).http === 200;

/** A staff member of their own group (so a forced logout touches only them), signed in twice: two devices. */
async function person(email: string): Promise<{ id: number; accountId: number; group: number; tokens: [string, string] }> {
  const db = api.db();
  const school = forTenant(db, tenant);
  const group = await school.userGroup.create({ data: { name: `Grupo ${email}`, staff: true } });
  await school.moduleAccess.create({ data: { groupId: group.id, moduleId: "admPeriod", canRead: true, canWrite: false } });
  const { accountId, userIds } = await seedStaff(db, {
    email,
    password: DEMO_PASSWORD,
    passwordHash: await demoPasswordHash(),
    name: "Sesión",
    last: email.split("@")[0]!,
    roleCode: 4,
    cel: "900000000",
    memberships: [{ tenantId: tenant, groupIds: [group.id] }],
  });
  return { id: userIds[tenant]!, accountId, group: group.id, tokens: [await api.tokenFor(email), await api.tokenFor(email)] };
}

beforeAll(async () => {
  ({ admin } = await api.tokens());
  ({ tenantId: tenant } = await api.school());
});

describe("sessions end on the server", () => {
  const changes: [string, (p: Awaited<ReturnType<typeof person>>) => Promise<void>, "one" | "all"][] = [
    [
      "signing out ends that device's session only",
      async (p) => {
        const res = await api.call("POST", "admStaff/logout", { token: p.tokens[0] });
        expect(res.body.msg).toBe("Sesión cerrada.");
      },
      "one",
    ],
    [
      "a new password ends every session of the account",
      async (p) => {
        const staff = await api.record<Record<string, unknown>>(`admStaff/get/${p.id}`, admin);
        const res = await api.call("POST", `admStaff/edit/${p.id}`, { token: admin, body: { ...staff, pass: "otra-clave-segura" } });
        expect(res.body.status).toBe(0);
      },
      "all",
    ],
    [
      "deactivation ends every session, and reactivating does not bring them back",
      async (p) => {
        const staff = await api.record<Record<string, unknown>>(`admStaff/get/${p.id}`, admin);
        expect((await api.call("POST", `admStaff/edit/${p.id}`, { token: admin, body: { ...staff, inactive: true } })).body.status).toBe(0);
        expect((await api.call("POST", `admStaff/edit/${p.id}`, { token: admin, body: { ...staff, inactive: false } })).body.status).toBe(0);
      },
      "all",
    ],
    [
      "a group's forced logout ends its members' sessions, and is stored as carried out",
      async (p) => {
        const group = await api.record<Record<string, unknown>>(`admGroup/get/${p.group}`, admin);
        expect((await api.call("POST", `admGroup/edit/${p.group}`, { token: admin, body: { ...group, forceLogout: true } })).body.status).toBe(0);
        expect((await api.record<{ forceLogout: boolean }>(`admGroup/get/${p.group}`, admin)).forceLogout).toBe(false);
      },
      "all",
    ],
    [
      "a forced logout through the permission groups (admUserGroup) does the same",
      async (p) => {
        const group = await api.record<Record<string, unknown>>(`admUserGroup/get/${p.group}`, admin);
        expect((await api.call("POST", `admUserGroup/edit/${p.group}`, { token: admin, body: { ...group, forceLogout: true } })).body.status).toBe(0);
      },
      "all",
    ],
  ];

  it.each(changes)("%s", async (_name, change, reach) => {
    const p = await person(`sesion-${changes.findIndex((c) => c[1] === change)}@pizarra.demo`);
    expect(await works(p.tokens[0])).toBe(true);
    expect(await works(p.tokens[1])).toBe(true);
    await change(p);
    const refused = await api.call("GET", "admPeriod/get", { token: p.tokens[0] });
    expect(refused.http).toBe(401);
    expect(refused.body.msg).toBe(ENDED_ES);
    expect(await works(p.tokens[1])).toBe(reach === "one");
  });

  it("leaves other people's sessions alone", async () => {
    const p = await person("vecino@pizarra.demo");
    const other = await person("otro@pizarra.demo");
    await api.call("POST", "admStaff/logout", { token: p.tokens[0] });
    expect(await works(other.tokens[0])).toBe(true);
    expect(await works(admin)).toBe(true);
  });

  it("renews a token within the session only: the session keeps its start, and past AUTH_SESSION_MAX_AGE renewal is refused", async () => {
    const p = await person("renueva@pizarra.demo");
    const renewed = (await api.call<{ token: string }>("GET", "admStaff/loginToken", { token: p.tokens[0] })).body.data.token;
    expect(claimsOf(renewed).sid).toBe(claimsOf(p.tokens[0]).sid);
    const switched = await api.call<{ token: string }>("GET", `admStaff/tenants/${tenant}/menu`, { token: renewed });
    expect(claimsOf(switched.body.data.token).sid).toBe(claimsOf(p.tokens[0]).sid);

    const old = new Date(Date.now() - (env().AUTH_SESSION_MAX_AGE + 60) * 1000);
    await api.db().session.update({ where: { id: String(claimsOf(p.tokens[0]).sid) }, data: { startedAt: old } });
    for (const token of [p.tokens[0], renewed, switched.body.data.token]) {
      expect((await api.call("GET", "admStaff/loginToken", { token })).http).toBe(401);
    }
    expect(await works(p.tokens[1])).toBe(true);
    // A new sign-in clears the account's dead sessions.
    await api.tokenFor("renueva@pizarra.demo");
    expect(await api.db().session.count({ where: { accountId: p.accountId, startedAt: { lt: new Date(Date.now() - 3_600_000) } } })).toBe(0);
  });

  it("refuses a token without an expiry, or without a session, even when signed with the right secret", async () => {
    const p = await person("sinexp@pizarra.demo");
    const claims = claimsOf(p.tokens[0]);
    const key = new TextEncoder().encode(env().AUTH_SECRET);
    const forever = await new SignJWT({ tid: claims.tid, acc: claims.acc, sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .sign(key);
    expect((await api.call("GET", "admStaff/loginToken", { token: forever })).http).toBe(401);
    const sessionless = await new SignJWT({ tid: claims.tid, acc: claims.acc })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    expect((await api.call("GET", "admStaff/loginToken", { token: sessionless })).http).toBe(401);
    const invented = await new SignJWT({ tid: claims.tid, acc: claims.acc, sid: "an-invented-session-id-0000" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    expect((await api.call("GET", "admStaff/loginToken", { token: invented })).http).toBe(401);
  });
});
