import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, seedStaff } from "@pizarra/db/seed";
import { demoPasswordHash } from "@pizarra/db/testing";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(32, 3)]);

let admin: string;
let northside: string;

beforeAll(async () => {
  ({ admin, northside } = await api.tokens());
});

const upload = (bytes: Buffer, token = admin, locale: "es" | "en" = "es") =>
  api.call<{ url: string; name: string }>("POST", "misc/content/file", { token, locale, body: { data: `data:image/jpeg;base64,${bytes.toString("base64")}` } });

async function fetchFile(url: string) {
  const { GET } = await import("../../../app/api/[...path]/route.ts");
  const req = new Request(`http://127.0.0.1${url}`);
  const path = new URL(req.url).pathname.replace(/^\/api\//, "").split("/");
  return GET(req, { params: Promise.resolve({ path }) });
}

describe("misc/content/file: rich-text images (000 §7)", () => {
  it("stores a jpg or png under a server-made name and answers a lasting public link that rich text keeps", async () => {
    const png = await upload(PNG);
    expect(png.body.status).toBe(0);
    expect(png.body.data.url).toMatch(/^\/api\/files\/t\d+\/content\/u\d+\/img-[a-f0-9]{16}\.png\?sig=[A-Za-z0-9_-]+$/);
    const jpg = await upload(JPG);
    expect(jpg.body.data.url).toMatch(/\.jpg\?sig=/);

    // No token and no expiry: an <img> in stored HTML keeps working.
    const served = await fetchFile(png.body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetchFile(png.body.data.url.replace(/sig=.*/, `sig=${"A".repeat(43)}`))).status).toBe(404);

    const body = `<p>Mapa</p><p><img src="${jpg.body.data.url}" alt="mapa"><img src="https://tracker.example/p.gif"></p>`;
    const created = await api.call<{ ID: number }>("POST", "admInfo/create", { token: admin, body: { name: "¿Dónde queda el colegio?", body } });
    const row = (await api.call<Row>("GET", `admInfo/get/${created.body.data.ID}`, { token: admin })).body.data;
    expect(row.body).toBe(`<p>Mapa</p><p><img src="${jpg.body.data.url}" alt="mapa" /></p>`);
  });

  it.each([
    ["es", GIF, "Solo se permiten los siguientes tipos de archivos: jpg, png."],
    ["en", Buffer.from("MZ not an image at all"), "Only these file types are allowed: jpg, png."],
    ["en", Buffer.alloc(2 * 1024 * 1024 + 10, 0xff), "The file file may not be larger than 2 MB."],
  ])("refuses in %s what is not a small jpg or png, storing nothing", async (locale, bytes, message) => {
    const res = await api.call<Refusal>("POST", "misc/content/file", { token: admin, locale: locale as "es" | "en", body: { data: bytes.toString("base64") } });
    expect(res.http).toBe(422);
    expect(res.body.data.errors.data).toBe(message);
  });

  it("refuses a body that is not base64, and a user who may modify nothing", async () => {
    expect((await api.call<Refusal>("POST", "misc/content/file", { token: admin, body: { data: "@@@" } })).http).toBe(422);
    expect((await api.call<Refusal>("POST", "misc/content/file", { token: admin, body: {} })).http).toBe(422);
    // A staff group that may only read, and a person in it who can sign in.
    const group = await api.call<{ ID: number }>("POST", "admGroup/create", {
      token: admin,
      body: { name: "Solo lectura", type: 0, staff: true, canRead: ["admPeriod"] },
    });
    const person = { name: "Lía", last: "Lectora", type: 4, mail: "lia@colegio.demo", cel: "987111222", groupId: group.body.data.ID, pass: "una-clave-segura" };
    expect((await api.call("POST", "admStaff/create", { token: admin, body: person })).body.status).toBe(0);
    const reader = (await api.login("lia@colegio.demo", "una-clave-segura")).body.data.token;
    expect((await upload(PNG, reader)).http).toBe(403);
  });

  it("deletes an image of this school by its link or name, never another school's", async () => {
    const { url, name } = (await upload(PNG)).body.data;
    const theirs = await api.call<Refusal>("POST", "misc/content/file/delete", { token: northside, locale: "en", body: { name: url } });
    expect(theirs.http).toBe(422);
    expect(theirs.body.data.errors.name).toBe("The name is invalid.");
    expect((await fetchFile(url)).status).toBe(200);
    expect((await api.call("POST", "misc/content/file/delete", { token: admin, body: { name: "t1/admStaff/1/face-0123456789abcdef.png" } })).http).toBe(422);
    expect((await api.call("POST", "misc/content/file/delete", { token: admin, body: { name: "../../etc/passwd" } })).http).toBe(422);
    expect((await api.call("POST", "misc/content/file/delete", { token: admin, body: { name: url } })).body.status).toBe(0);
    expect((await fetchFile(url)).status).toBe(404);
    expect((await api.call("POST", "misc/content/file/delete", { token: admin, body: { name } })).body.status).toBe(0);
  });

  it("lets only the uploader, or someone who may edit a text that shows the image, remove it", async () => {
    const { db: school, tenantId } = await api.school();
    const { teacher, secretary } = await api.tokens();
    const mine = (await upload(PNG, teacher)).body.data;
    const refused = await api.call("POST", "misc/content/file/delete", { token: secretary, locale: "en", body: { name: mine.url } });
    expect(refused.http).toBe(403);
    expect(refused.body.msg).toBe("Only the person who added this image, or someone who may edit the text that shows it, can remove it.");
    expect((await fetchFile(mine.url)).status).toBe(200);
    expect((await api.call("POST", "misc/content/file/delete", { token: teacher, body: { name: mine.url } })).body.status).toBe(0);

    // The administrator's image in a publication: an editor of publications may remove it, a reader of them may not.
    const shown = (await upload(PNG)).body.data;
    const publication = await school.publication.findFirstOrThrow({ select: { id: true } });
    await school.publication.update({ where: { id: publication.id }, data: { body: `<p><img src="${shown.url}"></p>` } });
    const editor = await school.userGroup.create({ data: { name: "Editores", staff: true } });
    await school.moduleAccess.create({ data: { groupId: editor.id, moduleId: "admPublication", canRead: true, canWrite: true } });
    await seedStaff(api.db(), {
      email: "editora@pizarra.demo",
      password: DEMO_PASSWORD,
      passwordHash: await demoPasswordHash(),
      name: "Edi",
      last: "Tora",
      roleCode: 4,
      cel: "900000000",
      memberships: [{ tenantId, groupIds: [editor.id] }],
    });
    expect((await api.call("POST", "misc/content/file/delete", { token: secretary, body: { name: shown.name } })).http).toBe(403);
    const byEditor = await api.call("POST", "misc/content/file/delete", { token: await api.tokenFor("editora@pizarra.demo"), body: { name: shown.name } });
    expect(byEditor.body.status).toBe(0);
    expect((await fetchFile(shown.url)).status).toBe(404);
  });
});
