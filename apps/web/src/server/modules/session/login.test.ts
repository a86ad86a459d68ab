import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { env } from "../../env.ts";
import { apiHarness, TEST_PEER } from "../../../test-support/harness.ts";

const api = apiHarness();
const LOGIN_FAILED_ES = "No se pudo iniciar sesión. ¿Quizás no tienes permisos?";
const LOGIN_FAILED_EN = "Could not login. Maybe you do not have permissions?";

describe("sign-in", () => {
  it("answers the spec's login fields with a working token and the menu from the database", async () => {
    const res = await api.login("ADMIN@pizarra.demo");
    expect(res.http).toBe(200);
    expect(res.body.status).toBeGreaterThanOrEqual(0);
    const answer = res.body.data;
    expect(Object.keys(answer)).toEqual(
      expect.arrayContaining(["token", "menu", "companyName", "companyID", "companyPic", "color", "defaultLang", "multiTenant"]),
    );
    expect(answer.companyName).toBe("Colegio Demo");
    expect(answer.defaultLang).toBe("es");
    expect(answer.givenNamesFirst).toBe(false);
    expect(answer.multiTenant).toBe(true);
    expect(answer.user.roleCode).toBe(100);
    const ids = JSON.stringify(answer.menu);
    expect(ids).toContain('"admPeriod"');
    expect(ids).toContain('"admModule"');
    const academic = answer.menu.find((m) => m.ID === "menuAcademic")!;
    const structure = academic.subs.find((m) => m.ID === "menuStructure")!;
    expect(structure.subs.map((m) => m.ID)).toEqual(["admSuperSection", "admSection", "admSectionMembers"]);

    const again = await api.call("GET", "admStaff/loginToken", { token: answer.token });
    expect(again.http).toBe(200);
    expect((again.body.data as { companyID: number }).companyID).toBe(answer.companyID);
  });

  it("gives the teacher only the modules of the teachers' group", async () => {
    const res = await api.login("docente@pizarra.demo");
    const ids = JSON.stringify(res.body.data.menu);
    expect(ids).toContain('"admGrades"');
    expect(ids).not.toContain('"admModule"');
    expect(ids).not.toContain('"admStaff"');
    expect(res.body.data.multiTenant).toBe(false);
  });

  it("answers an unknown account and a wrong password identically, in the caller's language", async () => {
    const unknown = await api.call("POST", "admStaff/login?adm=true", { body: { user: "nobody@pizarra.demo", pass: "x" } });
    const wrong = await api.call("POST", "admStaff/login?adm=true", { body: { user: "secretaria@pizarra.demo", pass: "wrong" } });
    expect(unknown.body).toEqual({ status: -1, msg: LOGIN_FAILED_ES, data: null });
    expect(wrong.body).toEqual(unknown.body);
    const english = await api.call("POST", "user/login", { body: { user: "nobody@pizarra.demo", pass: "x" }, locale: "en" });
    expect(english.body.msg).toBe(LOGIN_FAILED_EN);
  });

  it("names the field when the input is invalid, in Spanish and English", async () => {
    const es = await api.call("POST", "admStaff/login?adm=true", { body: { user: "not-an-email", pass: "" } });
    expect(es.http).toBe(422);
    expect(es.body.status).toBeLessThan(0);
    expect(es.body.data).toMatchObject({ errors: { user: "El campo correo no es un correo válido", pass: "El campo contraseña es requerido." } });
    const en = await api.call("POST", "admStaff/login?adm=true", { body: { pass: "x" }, locale: "en" });
    expect(en.body.msg).toBe("The e-mail field is required.");
  });

  it("slows down repeated failures per account, and the right password does not get through while locked", async () => {
    const address = "198.51.100.20";
    await api.db().loginThrottle.deleteMany();
    for (let i = 0; i < 5; i++) {
      const res = await api.login("secretaria@pizarra.demo", "wrong", address);
      expect(res.body.status).toBe(-1);
    }
    const locked = await api.login("secretaria@pizarra.demo", "wrong", address);
    expect(locked.body.status).toBe(-1);
    const blocked = await api.login("secretaria@pizarra.demo", undefined, address);
    expect(blocked.http).toBe(429);
    expect(blocked.body.msg).toMatch(/Demasiados intentos fallidos\. Vuelve a intentarlo en \d+ segundos\./);
    // The failures were counted against the peer too, which is far from its own limit: the lock is the account's.
    expect(await api.db().loginThrottle.findUniqueOrThrow({ where: { key: `address:${address}` } })).toMatchObject({ failures: 6, lockedUntil: null });
    await api.db().loginThrottle.updateMany({ data: { lockedUntil: null } });
    const after = await api.login("secretaria@pizarra.demo", undefined, address);
    expect(after.body.status).toBe(0);
  });

  it("counts failures per peer address, however the caller rotates X-Forwarded-For, and stores only valid addresses", async () => {
    const peer = "198.51.100.30";
    const free = env().LOGIN_FREE_FAILURES_PER_ADDRESS;
    await api.db().loginThrottle.deleteMany();
    // A new account each time, so that only the address can ever be locked.
    for (let i = 0; i <= free; i++) {
      const forged = { "x-forwarded-for": `10.${i}.0.1, 192.0.2.${i}`, "x-real-ip": `192.0.2.${i}` };
      const res = await api.login(`nobody${i}@pizarra.demo`, "wrong", peer, forged);
      expect(res.body.status).toBe(-1);
    }
    const blocked = await api.login("secretaria@pizarra.demo", undefined, peer, { "x-forwarded-for": "192.0.2.250" });
    expect(blocked.http).toBe(429);

    // Neither a forged forwarded header nor a peer that is no address ever becomes a throttle key.
    await api.login("nobody@pizarra.demo", "wrong", "<script>alert(1)</script>", { "x-forwarded-for": "<script>alert(1)</script>" });
    const addresses = (await api.db().loginThrottle.findMany({ where: { key: { startsWith: "address:" } } })).map((r) => r.key);
    expect(addresses).toEqual([`address:${peer}`]);

    // Every address of one IPv6 /64 counts as one: taking a fresh one per attempt gains nothing.
    await api.login("nobody@pizarra.demo", "wrong", "2001:db8:1:2::5");
    await api.login("nobody@pizarra.demo", "wrong", "2001:db8:1:2:ffff::9");
    expect((await api.db().loginThrottle.findUniqueOrThrow({ where: { key: "address:2001:db8:1:2::/64" } })).failures).toBe(2);

    await api.db().loginThrottle.deleteMany();
    const { token } = (await api.login("admin@pizarra.demo")).body.data;
    const created = await api.call<{ ID: number }>("POST", "admCategory/create", {
      token,
      body: { name: "Forwarded", type: "pho" },
      headers: { "x-forwarded-for": "<script>alert(1)</script>", "x-real-ip": "<script>alert(2)</script>" },
    });
    expect(created.body.status).toBe(0);
    const trail = await api.db().auditLog.findFirstOrThrow({ where: { moduleId: "admCategory", recordId: String(created.body.data.ID) } });
    expect(trail.ip).toBe(TEST_PEER);
  });
});

describe("tokens", () => {
  it("answers 401 when the token is missing, malformed, forged or expired", async () => {
    expect((await api.call("GET", "admStaff/loginToken")).http).toBe(401);
    expect((await api.call("GET", "admStaff/loginToken", { token: "not.a.token" })).http).toBe(401);
    const forged = await new SignJWT({ tid: 1, acc: 1 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-of-at-least-32-characters!!"));
    expect((await api.call("GET", "admStaff/loginToken", { token: forged })).http).toBe(401);

    const { token } = (await api.login("admin@pizarra.demo")).body.data;
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    const expired = await new SignJWT({ tid: claims.tid, acc: claims.acc })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(env().AUTH_SECRET));
    const res = await api.call("GET", "admStaff/loginToken", { token: expired });
    expect(res.http).toBe(401);
    expect(res.body.status).toBe(-401);
  });
});

describe("tenants", () => {
  it("lists the person's schools and switches with a token valid for the chosen one only", async () => {
    const first = (await api.login("admin@pizarra.demo")).body.data;
    const tenants = await api.call<{ id: number; name: string }[]>("GET", "admStaff/tenants", { token: first.token });
    expect(tenants.body.data.map((t) => t.name).sort()).toEqual(["Colegio Demo", "Northside School"]);
    const other = tenants.body.data.find((t) => t.id !== first.companyID)!;

    const switched = await api.call<{ token: string; companyID: number; companyName: string; defaultLang: string }>(
      "GET",
      `admStaff/tenants/${other.id}/menu`,
      { token: first.token },
    );
    expect(switched.body.data.companyID).toBe(other.id);
    expect(switched.body.data.defaultLang).toBe("en");
    const claims = JSON.parse(Buffer.from(switched.body.data.token.split(".")[1]!, "base64url").toString());
    expect(claims.tid).toBe(other.id);

    const modules = await api.call<{ Results: { ID: string }[] }>("GET", "admModule/get", { token: switched.body.data.token });
    const groups = (await api.call<{ userRead: { name: string }[] }>("GET", "admModule/get/admPeriod", { token: switched.body.data.token })).body.data;
    expect(modules.body.data.Results.length).toBeGreaterThan(50);
    expect(groups.userRead.map((g) => g.name)).toEqual(["Administration", "Office", "Teachers"]);

    // The next sign-in opens the school used last.
    expect((await api.login("admin@pizarra.demo")).body.data.companyID).toBe(other.id);
  });

  it("refuses a school the person does not belong to", async () => {
    const teacher = (await api.login("docente@pizarra.demo")).body.data;
    const northside = await api.db().tenant.findUniqueOrThrow({ where: { alias: "northside" } });
    const res = await api.call("GET", `admStaff/tenants/${northside.id}/menu`, { token: teacher.token });
    expect(res.http).toBe(403);
    expect(res.body.msg).toBe("No perteneces a ese colegio.");
  });
});
