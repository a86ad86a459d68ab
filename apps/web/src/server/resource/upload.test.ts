import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";

const api = apiHarness({ school: true });
// A real 1×1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

let admin: string;
let northside: string;
let staffId: number;

beforeAll(async () => {
  ({ admin, northside } = await api.tokens());
  staffId = (await api.call<{ Results: { ID: number }[] }>("GET", "admStaff/get?PageSize=1", { token: admin })).body.data.Results[0]!.ID;
});

describe("uploads", () => {
  it("stores a signature image and serves it through a signed link only", async () => {
    const res = await api.call<{ url: string; value: string }>("POST", `admStaff/sign?id=${staffId}`, {
      token: admin,
      body: { name: "sign.png", doc: false, data: PNG },
    });
    expect(res.body).toMatchObject({ status: 0, msg: "Archivo subido." });
    const row = (await api.call<Record<string, string>>("GET", `admStaff/get/${staffId}`, { token: admin })).body.data;
    expect(row.sign).toBe(res.body.data.value);
    expect(row.signUrl).toMatch(/^\/api\/files\/t\d+\/admStaff\/\d+\/sign-[a-f0-9]{16}\.png\?exp=\d+&sig=/);

    const { GET } = await import("../../app/api/[...path]/route.ts");
    const fetchFile = async (url: string) => {
      const u = new URL(url, "http://127.0.0.1");
      return GET(new Request(u), { params: Promise.resolve({ path: u.pathname.replace("/api/", "").split("/") }) });
    };
    const file = await fetchFile(row.signUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG, "base64"))).toBe(true);
    expect((await fetchFile(row.signUrl!.replace(/sig=.{4}/, "sig=AAAA"))).status).toBe(404);
    expect((await fetchFile(row.signUrl!.replace(/exp=\d+/, "exp=1000"))).status).toBe(404);
  });

  it.each([
    ["a wrong extension", { name: "sign.exe", data: PNG }, "Solo se permiten los siguientes tipos de archivos: jpeg, jpg, png."],
    [
      "text renamed to .png",
      { name: "sign.png", data: Buffer.from("not an image at all").toString("base64") },
      "El archivo de Firma no es realmente un archivo png.",
    ],
    ["bad base64", { name: "sign.png", data: "@@@not base64@@@" }, "No se pudo leer el archivo de Firma."],
    [
      "a file over 2 MB",
      { name: "sign.png", data: Buffer.concat([Buffer.from(PNG, "base64"), Buffer.alloc(2_200_000)]).toString("base64") },
      "El archivo de Firma no debe pesar más de 2 MB.",
    ],
  ])("refuses %s, naming the field, and keeps the record as it was", async (_case, body, message) => {
    const before = (await api.call<Record<string, string>>("GET", `admStaff/get/${staffId}`, { token: admin })).body.data.sign;
    const res = await api.call("POST", `admStaff/sign?id=${staffId}`, { token: admin, body });
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(message);
    expect((await api.call<Record<string, string>>("GET", `admStaff/get/${staffId}`, { token: admin })).body.data.sign).toBe(before);
  });

  it("takes a stored file away on an edit that sends it as null, and deletes it once saved", async () => {
    const res = await api.call<{ url: string }>("POST", `admStaff/sign?id=${staffId}`, { token: admin, body: { name: "sign.png", data: PNG } });
    expect((await api.raw("GET", res.body.data.url.replace(/^\/api\//, ""))).status).toBe(200);
    const edit = await api.call("POST", `admStaff/edit/${staffId}`, { token: admin, body: { sign: null } });
    expect(edit.body.status).toBe(0);
    const row = (await api.call<Record<string, unknown>>("GET", `admStaff/get/${staffId}`, { token: admin })).body.data;
    expect(row).toMatchObject({ sign: null, signUrl: null });
    expect((await api.raw("GET", res.body.data.url.replace(/^\/api\//, ""))).status).toBe(404);
    // Only null takes it away: a value for a file field is not accepted by an edit.
    expect((await api.call("POST", `admStaff/edit/${staffId}`, { token: admin, body: { sign: "t1/admStaff/1/other.png" } })).http).toBe(422);
  });

  it("will not put a file on another school's record", async () => {
    const res = await api.call("POST", `admStaff/sign?id=${staffId}`, { token: northside, body: { name: "sign.png", data: PNG } });
    expect(res.http).toBe(404);
  });

  it("cannot be led out of the storage folder", async () => {
    const res = await api.call("GET", "files/..%2F..%2F/etc/passwd/x?exp=99999999999&sig=aaaaaaaaaaaaaaaaaaaaaaaa");
    expect(res.http).toBe(404);
  });
});
