import { describe, expect, it } from "vitest";
import es from "../../../messages/es.json";
import { apiHarness, TEST_PEER } from "../../test-support/harness.ts";
import { PEER_HEADER } from "../net/client-address.ts";
import { z } from "zod";
import { router } from "../routes.ts";
import { handle } from "./handle.ts";
import { publicRoute } from "./route.ts";
import { Router } from "./router.ts";

const api = apiHarness();

describe("the API wrapper", () => {
  it("answers 400 with a Message for malformed JSON, and writes nothing", async () => {
    const res = await api.call("POST", "admStaff/login?adm=true", { rawBody: "{ user: ", headers: { "content-type": "application/json" } });
    expect(res.http).toBe(400);
    expect(res.body.Message).toBe("El cuerpo de la solicitud no es un JSON válido.");
    expect(await api.db().loginThrottle.count()).toBe(0);
  });

  it("answers 404 for an unknown call and 405 for a known path with another verb", async () => {
    const unknown = await api.call("GET", "nothing/here", { locale: "en" });
    expect(unknown.http).toBe(404);
    expect(unknown.body.msg).toBe("There is no such call: nothing/here");
    expect((await api.call("GET", "admStaff/login")).http).toBe(405);
  });

  it("treats X/get and X/get/ as the same route", async () => {
    const { admin: token } = await api.tokens();
    const a = await api.call("GET", "admModule/get", { token });
    const b = await api.call("GET", "admModule/get/", { token });
    expect(a.http).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it("refuses on the server a module the user cannot read", async () => {
    const { teacher: token } = await api.tokens();
    const res = await api.call("GET", "admModule/get", { token });
    expect(res.http).toBe(403);
    expect(res.body.msg).toBe("No tienes permiso para acceder a este módulo: admModule");
  });

  it("checks a right the parsed query decides once the query is parsed, and every other right before any input", async () => {
    // admGrades/getFinal needs read on admGrades, or on admGradesBehavior for a behaviour sheet: its query says which.
    const { secretary } = await api.tokens();
    expect((await api.call("GET", "admGrades/getFinal?periodId=abc", { token: secretary })).http).toBe(422);
    const refused = await api.call("GET", "admGrades/getFinal?periodId=0&sectionId=1", { token: secretary, locale: "en" });
    expect(refused.http).toBe(403);
    expect(refused.body.msg).toBe("You do not have permission for this module: admGrades");
    // A route's own module is checked first: bad input tells a caller without the right nothing.
    const { teacher } = await api.tokens();
    expect((await api.call("GET", "admModule/get?level=abc", { token: teacher })).http).toBe(403);
  });

  it("refuses a write where the user may only read, and changes nothing", async () => {
    const db = api.db();
    const tenant = await db.tenant.findUniqueOrThrow({ where: { alias: "colegio-demo" } });
    const office = await db.userGroup.findFirstOrThrow({ where: { tenantId: tenant.id, name: "Secretaría" } });
    await db.moduleAccess.create({ data: { tenantId: tenant.id, groupId: office.id, moduleId: "admModule", canRead: true, canWrite: false } });
    const { secretary: token } = await api.tokens();

    expect((await api.call("GET", "admModule/get/admPeriod", { token })).http).toBe(200);
    const res = await api.call("POST", "admModule/edit/admPeriod", { token, body: { name: "X", desc: "X", sort: 1 } });
    expect(res.http).toBe(403);
    const period = await db.module.findFirstOrThrow({ where: { tenantId: tenant.id, id: "admPeriod" } });
    expect(period.name).toBe("Periodos");
  });

  it("edits a module and its group access in one transaction, only in the caller's tenant", async () => {
    const db = api.db();
    const { admin: token } = await api.tokens();
    const colegio = await db.tenant.findUniqueOrThrow({ where: { alias: "colegio-demo" } });
    const groups = await db.userGroup.findMany({ where: { tenantId: colegio.id }, orderBy: { name: "asc" } });
    const teachers = groups.find((g) => g.name === "Docentes")!;
    const admins = groups.find((g) => g.name === "Dirección")!;

    const bad = await api.call("POST", "admModule/edit/admDates", { token, body: { name: "", desc: "d", sort: 1 }, locale: "en" });
    expect(bad.http).toBe(422);
    expect(bad.body.msg).toBe("The name field is required.");

    const res = await api.call("POST", "admModule/edit/admDates", {
      token,
      body: { name: "Fechas", desc: "Feriados y fechas", sort: 5, userRead: [teachers.id], userEdit: [admins.id] },
    });
    expect(res.body.status).toBe(0);
    const rows = await db.moduleAccess.findMany({ where: { tenantId: colegio.id, moduleId: "admDates" }, orderBy: { groupId: "asc" } });
    expect(rows.map((r) => [r.groupId, r.canWrite])).toEqual(
      [
        [admins.id, true],
        [teachers.id, false],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const other = await db.module.findFirstOrThrow({ where: { tenant: { alias: "northside" }, id: "admDates" } });
    expect(other.name).toBe("Fechas del calendario");

    // A group of the other school cannot be granted from here: nothing changes.
    const foreign = await db.userGroup.findFirstOrThrow({ where: { tenant: { alias: "northside" } } });
    const refused = await api.call("POST", "admModule/edit/admDates", { token, body: { name: "Z", desc: "Z", sort: 1, userRead: [foreign.id] } });
    expect(refused.http).toBe(404);
    expect((await db.module.findFirstOrThrow({ where: { tenantId: colegio.id, id: "admDates" } })).name).toBe("Fechas");
  });

  it("answers health with the database reachable", async () => {
    const res = await api.call("GET", "health");
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual({ database: "up" });
  });
});

describe("bad input never gives a 500 nor writes anything", () => {
  const bodies: unknown[] = [
    [],
    "text",
    42,
    null,
    { user: { $ne: null }, pass: [] },
    { user: `${"a".repeat(300)}@x.io`, pass: "x" },
    { user: "x@y.io", pass: "p", extra: "\u0000<script>" },
  ];

  it.each(bodies.map((b) => [JSON.stringify(b).slice(0, 40), b]))("login with %s", async (_label, body) => {
    const res = await api.call("POST", "admStaff/login?adm=true", { body });
    expect(res.http).toBeLessThan(500);
    expect(res.body.status).toBeLessThan(0);
  });

  it("an oversized body is refused before it is parsed", async () => {
    const res = await api.call("POST", "admStaff/login?adm=true", { rawBody: JSON.stringify({ user: "x@y.io", pass: "p".repeat(2_000_000) }) });
    expect(res.http).toBe(413);
  });

  it("a malformed percent-escape in the path is a 400, not a crash", async () => {
    const { admin: token } = await api.tokens();
    const res = await api.call("GET", "admModule/get/%E0%A4%A", { token });
    expect(res.http).toBeLessThan(500);
  });
});

describe("an answer is written through its route's schema", () => {
  const read = { id: 7, name: "Ana", hash: "$2b$10$secret", at: new Date("2026-03-01T13:00:00Z"), tags: [{ code: "a", internal: 1 }] };
  const answer = z.object({ id: z.number(), name: z.string(), at: z.date().transform((d) => d.toISOString()), tags: z.array(z.object({ code: z.string() })) });
  const testRouter = new Router([
    publicRoute({ method: "GET", path: "t/fits", auth: "public", answer, handler: async () => ({ data: read }) }),
    publicRoute({ method: "GET", path: "t/misfit", auth: "public", answer, handler: async () => ({ data: { ...read, name: 3 } as never }) }),
    publicRoute({ method: "GET", path: "t/none", auth: "public", answer: "response", handler: async () => ({ data: null }) as never }),
  ]);
  const get = (path: string) =>
    handle(testRouter, new Request(`http://127.0.0.1/api/${path}`, { headers: { "x-locale": "en", [PEER_HEADER]: TEST_PEER } }), path);

  it("keeps only the fields the schema names, in their wire form", async () => {
    const res = await get("t/fits");
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ id: 7, name: "Ana", at: "2026-03-01T13:00:00.000Z", tags: [{ code: "a" }] });
  });

  it("answers 500 when the data does not fit, or a response route gives none, and sends none of it", async () => {
    for (const path of ["t/misfit", "t/none"]) {
      const res = await get(path);
      expect(res.status).toBe(500);
      expect(JSON.stringify(await res.json())).not.toContain("secret");
    }
  });
});

describe("a body is limited while it is read", () => {
  const MB = 1024 * 1024;
  const CHUNK = 64 * 1024;

  function* repeated(chunk: Uint8Array, bytes: number): Generator<Uint8Array> {
    for (let sent = 0; sent < bytes; sent += chunk.length) yield chunk;
  }

  /** A body streamed as a client sends one without a Content-Length, counting the chunks the server pulls. */
  function streamed(chunks: Iterable<Uint8Array>) {
    const source = chunks[Symbol.iterator]();
    const seen = { pulled: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const next = source.next();
          if (next.done) return controller.close();
          seen.pulled++;
          controller.enqueue(next.value);
        },
        cancel() {
          seen.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { body, seen };
  }

  const post = (path: string, body: ReadableStream<Uint8Array>) =>
    handle(
      router,
      new Request(`http://127.0.0.1/api/${path}`, {
        method: "POST",
        body,
        duplex: "half",
        headers: { "content-type": "application/json", "x-locale": "es", [PEER_HEADER]: TEST_PEER },
      } as RequestInit),
      path.split("?")[0]!,
    );

  /** A JSON object of exactly `bytes` bytes whose one string is `char` repeated, in chunks of `size` bytes. */
  function json(bytes: number, char: string, size: number): Uint8Array[] {
    const shell = Buffer.byteLength('{"ext":""}');
    const text = `{"ext":"${char.repeat((bytes - shell) / Buffer.byteLength(char))}"}`;
    const all = Buffer.from(text);
    expect(all.length).toBe(bytes);
    return Array.from({ length: Math.ceil(bytes / size) }, (_, i) => all.subarray(i * size, (i + 1) * size));
  }

  it("stops at the limit: 413 and the connection closed after about the limit, the rest never pulled", async () => {
    const { body, seen } = streamed(repeated(new Uint8Array(CHUNK).fill(0x20), 32 * MB));
    const res = await post("admStaff/login?adm=true", body);
    expect(seen.pulled).toBeLessThanOrEqual(MB / CHUNK + 2);
    expect(seen.cancelled).toBe(true);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { msg: string }).msg).toBe(es.api.payloadTooLarge);
    expect(res.headers.get("connection")).toBe("close");
  });

  it("counts bytes, not characters: a body of exactly the limit is parsed, one byte more is refused", async () => {
    // "ñ" is two bytes: 1 MB of them is half a million characters. The chunks split every other one in two.
    const exact = await post("admStaff/login?adm=true", streamed(json(MB, "ñ", 4099)).body);
    expect(exact.status).toBe(422);
    expect(Object.keys(((await exact.json()) as { data: { errors: object } }).data.errors)).toContain("ext");
    const over = await post("admStaff/login?adm=true", streamed(json(MB + 1, "a", 4099)).body);
    expect(over.status).toBe(413);
  });

  it("keeps a route's own larger limit the same way (a justification link carries a file)", async () => {
    const file = (bytes: number) => [
      Buffer.from('{"note":"","file":{"name":"a.pdf","data":"'),
      ...repeated(new Uint8Array(CHUNK).fill(0x41), bytes),
      Buffer.from('"}}'),
    ];
    const under = await post("justify/x", streamed(file(12 * MB)).body);
    expect(under.status).toBe(422);
    const { body, seen } = streamed(file(64 * MB));
    const over = await post("justify/x", body);
    expect(over.status).toBe(413);
    expect(seen.pulled).toBeLessThanOrEqual((13 * MB) / CHUNK + 3);
  });
});

describe("per-school inactive fields", () => {
  it("switches off optional fields of a module for one school and tells the menu", async () => {
    const { admin: token } = await api.tokens();
    const required = await api.call("POST", "admModule/edit/admStudent", {
      token,
      body: { name: "Alumnos", desc: "d", sort: 1, inactiveFields: ["house", "mail"] },
    });
    expect(required.http).toBe(422);
    expect(required.body.msg).toBe("Estos campos no se pueden desactivar: mail.");
    const ok = await api.call("POST", "admModule/edit/admStudent", {
      token,
      body: { name: "Alumnos", desc: "d", sort: 1, inactiveFields: ["house", "language"] },
    });
    expect(ok.body.status).toBe(0);
    const menu = (await api.call<{ menu: { ID: string; subs: unknown[]; inactiveFields: string[] }[] }>("GET", "admStaff/loginToken", { token })).body.data
      .menu;
    const find = (items: { ID: string; subs: unknown[]; inactiveFields: string[] }[]): { inactiveFields: string[] } | undefined =>
      items.map((i) => (i.ID === "admStudent" ? i : find(i.subs as typeof items))).find(Boolean);
    expect(find(menu)?.inactiveFields).toEqual(["house", "language"]);
  });
});
