import fs from "node:fs";
import path from "node:path";
import type { TCompanyProfileAnswer } from "@pizarra/contracts";
import { DEMO_GROUPS, DEMO_PASSWORD, seedStaff } from "@pizarra/db/seed";
import { demoPasswordHash } from "@pizarra/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { changedTables, demoTenants, snapshot } from "../../../test-support/route-samples.ts";

const api = apiHarness();
type Refusal = { errors: Record<string, string> };
type Locale = "es" | "en";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]).toString("base64");
const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64, 1)]).toString("base64");

let admin: string;
let northside: string;
let secretary: string;
let teacher: string;
/** Role 10 in the admins' group: module management's right, but not the company role. */
let officeAdmin: string;
let tenants: { a: number; b: number };

const read = (token = admin, locale: Locale = "es") => api.call<TCompanyProfileAnswer>("GET", "company/profile", { token, locale });
const save = (body: Record<string, unknown>, token = admin, locale: Locale = "es") =>
  api.call<Refusal & TCompanyProfileAnswer>("POST", "company/profile", { token, body, locale });
const upload = (name: string, data: string, token = admin, locale: Locale = "es") =>
  api.call<Refusal & { name: string; value: string; url: string }>("POST", "company/file", { token, body: { name, doc: false, data }, locale });
const tenantRow = (id: number) => api.db().tenant.findUniqueOrThrow({ where: { id } });
const audits = (tenantId: number) => api.db().auditLog.count({ where: { tenantId, moduleId: "admModule", recordId: String(tenantId) } });

const form = (extra: Record<string, unknown> = {}) => ({
  name: "Colegio Demo San Martín",
  email: "info@colegio.demo",
  domain: "colegio.demo",
  tel: "01 555 1234",
  cel: "+51 987 000 111",
  color: "light.green",
  supportEmail: "soporte@colegio.demo",
  timeZone: "America/Lima",
  quietFrom: "22:00",
  quietTo: "06:30",
  givenNamesFirst: true,
  mailFrom: "avisos@colegio.demo",
  mailFromName: "Avisos del Colegio",
  defaultCountry: "CL",
  whatsappPhoneNumberId: "109876543210",
  ...extra,
});

beforeAll(async () => {
  ({ admin, northside, secretary, teacher } = await api.tokens());
  tenants = await demoTenants(api.db());
  const group = await api.db().userGroup.findFirstOrThrow({ where: { tenantId: tenants.a, name: DEMO_GROUPS.es.admins }, select: { id: true } });
  await seedStaff(api.db(), {
    email: "jefa@colegio.demo",
    password: DEMO_PASSWORD,
    passwordHash: await demoPasswordHash(),
    name: "Julia",
    last: "Jefa",
    roleCode: 10,
    cel: "900000010",
    memberships: [{ tenantId: tenants.a, groupIds: [group.id] }],
  });
  officeAdmin = await api.tokenFor("jefa@colegio.demo");
});

describe("GET company/profile (000 §7, 002 §7)", () => {
  it("gives the caller's school: the spec's fields and its delivery settings", async () => {
    const res = await read();
    expect(res.http).toBe(200);
    expect(res.body.data).toMatchObject({
      id: tenants.a,
      name: "Colegio Demo",
      color: "light.blue",
      img: null,
      timeZone: "America/Bogota",
      quietFrom: "21:00",
      quietTo: "07:00",
      givenNamesFirst: false,
      mailFrom: null,
      defaultCountry: "PE",
      whatsappPhoneNumberId: "demo-number",
    });
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        "id",
        "name",
        "email",
        "domain",
        "tel",
        "cel",
        "color",
        "img",
        "supportEmail",
        "timeZone",
        "quietFrom",
        "quietTo",
        "givenNamesFirst",
        "mailFrom",
        "mailFromName",
        "defaultCountry",
        "whatsappPhoneNumberId",
      ].sort(),
    );
    expect((await read(northside)).body.data).toMatchObject({ id: tenants.b, name: "Northside School" });
  });
});

describe("POST company/profile", () => {
  it("saves every field, audits the change and answers the profile as GET gives it", async () => {
    const before = await audits(tenants.a);
    const { settings } = await tenantRow(tenants.a);
    const res = await save(form({ name: "  Colegio Demo San Martín  ", id: tenants.b, img: "t2/x/1/img-0123456789abcdef.png" }), admin, "en");
    expect(res.http).toBe(200);
    expect(res.body.msg).toBe("Company profile saved.");
    expect(res.body.data).toMatchObject({ ...form(), id: tenants.a });
    expect((await read()).body.data).toEqual(res.body.data);
    const row = await tenantRow(tenants.a);
    expect(row).toMatchObject({
      title: "Colegio Demo San Martín",
      email: "info@colegio.demo",
      domain: "colegio.demo",
      tel: "01 555 1234",
      cel: "+51 987 000 111",
      themeColor: "light.green",
      supportEmail: "soporte@colegio.demo",
      timeZone: "America/Lima",
      quietFrom: 22 * 60,
      quietTo: 6 * 60 + 30,
      logo: null,
      mailFrom: "avisos@colegio.demo",
      mailFromName: "Avisos del Colegio",
      defaultCountry: "CL",
      whatsappPhoneNumberId: "109876543210",
    });
    // The name order joins the school's other switches (the seed's CPROM user) instead of replacing them.
    expect(row.settings).toEqual({ ...(settings as object), givenNamesFirst: true });
    expect(await audits(tenants.a)).toBe(before + 1);
    // The school's lists follow its order from the next call: "Julia Jefa", no longer "Jefa Julia".
    const group = await api.db().userGroup.findFirstOrThrow({ where: { tenantId: tenants.a, name: DEMO_GROUPS.es.admins }, select: { id: true } });
    const members = await api.call<{ Results: { userName: string }[] }>("GET", `admGroupMembers/get?parentId=${group.id}&PageSize=100`, { token: admin });
    expect(members.body.data.Results.map((m) => m.userName)).toContain("Julia Jefa");
  });

  it("clears what is sent empty, keeps what is left out, and turns quiet hours off with both ends empty", async () => {
    await save(form());
    const res = await save({ name: "Colegio Demo", email: "", tel: "", quietFrom: "", quietTo: "" });
    expect(res.body.status).toBe(0);
    expect(await tenantRow(tenants.a)).toMatchObject({
      title: "Colegio Demo",
      email: null,
      tel: null,
      cel: "+51 987 000 111",
      domain: "colegio.demo",
      timeZone: "America/Lima",
      quietFrom: null,
      quietTo: null,
    });
    expect((await read()).body.data).toMatchObject({ quietFrom: "", quietTo: "" });
  });

  it.each([
    ["name empty", { name: "  " }, "name", "El campo Nombre es requerido.", "The Name field is required."],
    ["name missing", { name: undefined }, "name", "El campo Nombre es requerido.", "The Name field is required."],
    ["a bad e-mail", { email: "info@" }, "email", "El campo Correo no es un correo válido", "The E-mail must be a valid email address."],
    [
      "a bad support e-mail",
      { supportEmail: "soporte" },
      "supportEmail",
      "El campo Correo de soporte no es un correo válido",
      "The Support e-mail must be a valid email address.",
    ],
    ["an unknown time zone", { timeZone: "Mars/Olympus" }, "timeZone", "Zona horaria", "Time zone"],
    ["only the start of quiet hours", { quietTo: "" }, "quietTo", "Fin de las horas de silencio", "Quiet hours end"],
    ["only the end of quiet hours", { quietFrom: undefined }, "quietFrom", "Inicio de las horas de silencio", "Quiet hours start"],
    ["a bad HH:mm", { quietFrom: "25:00" }, "quietFrom", "Inicio de las horas de silencio", "Quiet hours start"],
    ["a time without minutes", { quietTo: "7" }, "quietTo", "Fin de las horas de silencio", "Quiet hours end"],
    ["a bad phone", { tel: "call me" }, "tel", "Teléfono", "Phone"],
    ["an unknown colour", { color: "neon" }, "color", "Color del tema", "Theme colour"],
    ["a bad sender address", { mailFrom: "avisos@" }, "mailFrom", "Dirección remitente del correo", "Mail sender address"],
    ["a sender name on two lines", { mailFromName: "Avisos\r\nBcc: x@y.z" }, "mailFromName", "saltos de línea", "line breaks"],
    ["a sender name without its address", { mailFrom: "" }, "mailFrom", "Dirección remitente del correo es requerido", "Mail sender address field is required"],
    ["a country with no phone numbers", { defaultCountry: "AQ" }, "defaultCountry", "País", "Country"],
    ["a WhatsApp id with spaces", { whatsappPhoneNumberId: "1098 7654" }, "whatsappPhoneNumberId", "ID del número de WhatsApp", "WhatsApp phone number ID"],
  ])("refuses %s naming the field in es and en, writing nothing", async (_, change, field, es, en) => {
    await save(form());
    const before = await snapshot(api.db(), tenants.a);
    const messages: string[] = [];
    for (const [locale, expected] of [
      ["es", es],
      ["en", en],
    ] as const) {
      const res = await save(form(change), admin, locale);
      expect(res.http).toBe(422);
      expect(Object.keys(res.body.data.errors)).toEqual([field]);
      expect(res.body.data.errors[field]).toContain(expected);
      expect(res.body.msg).toBe(res.body.data.errors[field]);
      messages.push(res.body.msg);
    }
    expect(messages[0]).not.toBe(messages[1]);
    expect(changedTables(before, await snapshot(api.db(), tenants.a))).toEqual([]);
  });

  it("refuses the secretary, the teacher and a role below 95 with module management's right, writing nothing", async () => {
    const before = await snapshot(api.db(), tenants.a);
    for (const token of [secretary, teacher, officeAdmin]) {
      expect((await read(token)).http).toBe(403);
      expect((await save(form({ name: "Tomado" }), token)).http).toBe(403);
      expect((await upload("logo.png", PNG, token)).http).toBe(403);
    }
    for (const [locale, msg] of [
      ["es", "Solo los administradores del colegio (rol 95 o superior) pueden ver o cambiar el perfil de la empresa."],
      ["en", "Only the school's administrators (role 95 or higher) may see or change the company profile."],
    ] as const) {
      const res = await save(form(), officeAdmin, locale);
      expect(res.body.msg).toBe(msg);
      expect((await read(officeAdmin, locale)).body.msg).toBe(msg);
    }
    expect(changedTables(before, await snapshot(api.db(), tenants.a))).toEqual([]);
  });

  it("changes only the caller's school: Northside's save never touches Colegio Demo", async () => {
    await save(form());
    const before = await snapshot(api.db(), tenants.a);
    const northsideForm = form({ name: "Northside Academy", id: tenants.a, timeZone: "Europe/London", quietFrom: "", quietTo: "" });
    // The WhatsApp number's id says which school a callback is for: Colegio Demo's is refused by name.
    const taken = await save(northsideForm, northside, "en");
    expect(taken.http).toBe(422);
    expect(taken.body.data.errors).toEqual({ whatsappPhoneNumberId: "The WhatsApp phone number ID has already been taken." });
    const res = await save({ ...northsideForm, whatsappPhoneNumberId: "" }, northside, "en");
    expect(res.http).toBe(200);
    expect(res.body.data.id).toBe(tenants.b);
    expect(await tenantRow(tenants.b)).toMatchObject({
      title: "Northside Academy",
      timeZone: "Europe/London",
      quietFrom: null,
      quietTo: null,
      whatsappPhoneNumberId: null,
    });
    expect(changedTables(before, await snapshot(api.db(), tenants.a))).toEqual([]);
  });
});

describe("POST company/file (the logo)", () => {
  it("stores a png under a name the server makes, links it from the profile and replaces the previous one", async () => {
    const before = await audits(tenants.a);
    const first = await upload("C:\\fakepath\\Escudo.PNG", PNG);
    expect(first.http).toBe(200);
    expect(first.body.data.name).toBe("img");
    expect(first.body.data.value).toMatch(new RegExp(`^t${tenants.a}/company/${tenants.a}/logo-[a-f0-9]{16}\\.png$`));
    expect((await tenantRow(tenants.a)).logo).toBe(first.body.data.value);
    const img = (await read()).body.data.img!;
    expect(img).toMatch(/^\/api\/files\/.+\?exp=\d+&sig=/);
    const served = await api.raw("GET", img.replace(/^\/api\//, ""));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(await audits(tenants.a)).toBe(before + 1);

    const second = await upload("escudo.png", PNG);
    expect((await tenantRow(tenants.a)).logo).toBe(second.body.data.value);
    const stored = (key: string) => fs.existsSync(path.join(process.env.STORAGE_DIR!, key));
    expect(stored(second.body.data.value)).toBe(true);
    expect(stored(first.body.data.value)).toBe(false);
  });

  it.each([
    ["a gif", "logo.gif", GIF, "El logo debe ser una imagen JPEG o PNG (jpeg, jpg, png).", "The logo must be a JPEG or PNG image (jpeg, jpg, png)."],
    ["a gif renamed to png", "logo.png", GIF, "El archivo de Logo no es realmente un archivo png.", "The Logo file is not really a png file."],
    ["no extension", "logotipo", PNG, "El logo debe ser una imagen JPEG o PNG", "The logo must be a JPEG or PNG image"],
    ["bytes that are no base64", "logo.png", "%%%", "Logo", "Logo"],
  ])("refuses %s naming the logo in es and en, storing nothing", async (_, name, data, es, en) => {
    const logo = (await tenantRow(tenants.a)).logo;
    const files = fs.readdirSync(process.env.STORAGE_DIR!, { recursive: true }).length;
    for (const [locale, expected] of [
      ["es", es],
      ["en", en],
    ] as const) {
      const res = await upload(name, data, admin, locale);
      expect(res.http).toBe(422);
      expect(Object.keys(res.body.data.errors)).toEqual(["img"]);
      expect(res.body.msg).toContain(expected);
    }
    expect((await tenantRow(tenants.a)).logo).toBe(logo);
    expect(fs.readdirSync(process.env.STORAGE_DIR!, { recursive: true }).length).toBe(files);
  });
});

describe("GET company/brand (a school's sign-in page)", () => {
  it("gives anyone the school's name, colour and a working link to its logo, by its alias in any case", async () => {
    await upload("escudo.png", PNG);
    const school = await tenantRow(tenants.a);
    const brand = await api.call<{ alias: string; name: string; logo: string | null; color: string }>(
      "GET",
      `company/brand?school=${school.alias.toUpperCase()}`,
    );
    expect(brand.body).toMatchObject({ status: 0, data: { alias: school.alias, name: school.title, color: school.themeColor } });
    expect((await api.raw("GET", brand.body.data.logo!.replace(/^\/api\//, ""))).status).toBe(200);
  });

  it("answers a plain not-found for an unknown alias and refuses one that is no alias, naming the field", async () => {
    expect((await api.call("GET", "company/brand?school=no-such-school")).http).toBe(404);
    const bad = await api.call<Refusal>("GET", "company/brand?school=%3Cscript%3E", { locale: "en" });
    expect(bad.http).toBe(422);
    expect(Object.keys(bad.body.data.errors)).toEqual(["school"]);
  });
});
