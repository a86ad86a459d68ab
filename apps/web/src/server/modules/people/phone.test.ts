import { RESOURCES, type TImportLine } from "@pizarra/contracts";
import { toE164 } from "@pizarra/contracts/phone";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

/**
 * A person's mobile is kept in E.164 whichever door writes it (create, edit, import, of every list that holds
 * people), a local number read as one of the school's country (Colegio Demo: Peru, Northside School: United States);
 * what cannot be read as a number is refused naming the field, never kept as typed.
 */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string>; lines?: TImportLine[] };

let admin: string;
let northside: string;
beforeAll(async () => {
  ({ admin, northside } = await api.tokens());
});

const relative = (code: string, cel: string) => ({
  externalId: code,
  name: "Rosa",
  last: "Quispe",
  gender: "F",
  nationality: "Peruana",
  mail: `${code.toLowerCase()}@correo.pe`,
  cel,
});
const create = (resource: string, body: Row, { token = admin, locale = "es" as "es" | "en" } = {}) =>
  api.call<Refusal & { ID: number }>("POST", `${resource}/create`, { token, locale, body });
const celOf = async (id: number) => (await api.db().user.findUniqueOrThrow({ where: { id }, select: { cel: true } })).cel;
const ES = (label: string, country: string) =>
  `El campo ${label} no es un número de teléfono válido (escríbalo con su código de país, o como número de ${country}).`;
const EN = (label: string, country: string) => `The ${label} is not a valid phone number (give it with its country code, or as a number of ${country}).`;

describe("a person's mobile is stored in E.164", () => {
  it("reads a local number as one of the school's country, and an international one as it is", async () => {
    const here = await create("admRelatives", relative("PH-1", "987 123 001"));
    expect(here.body.status).toBe(0);
    expect(await celOf(here.body.data.ID)).toBe("+51987123001");
    const abroad = await create("admRelatives", relative("PH-2", "+1 2125550147"));
    expect(await celOf(abroad.body.data.ID)).toBe("+12125550147");
    const there = await create("admRelatives", relative("PH-3", "212 555 0148"), { token: northside });
    expect(there.body.status).toBe(0);
    expect(await celOf(there.body.data.ID)).toBe("+12125550148");
  });

  it("refuses a number that cannot be read, naming the field in the caller's language, writing nothing", async () => {
    const short = await create("admRelatives", relative("PH-4", "12345"));
    expect(short.http).toBe(422);
    expect(short.body.data.errors).toEqual({ cel: ES("Celular", "Perú") });
    // Nine digits are a Peruvian mobile, but no number of Northside's country.
    const local = await create("admRelatives", relative("PH-5", "987123002"), { token: northside, locale: "en" });
    expect(local.http).toBe(422);
    expect(local.body.data.errors).toEqual({ cel: EN("Mobile", "United States") });
    expect(await api.db().user.count({ where: { externalId: { in: ["PH-4", "PH-5"] } } })).toBe(0);
  });

  it("holds in every list that writes a person's mobile, in create and edit", async () => {
    const { db } = await api.school();
    const groupId = (await db.userGroup.findFirstOrThrow({ select: { id: true } })).id;
    const staff = await create("admStaff", { name: "Raúl", last: "Paz", mail: "raul.paz@colegio.pe", type: 4, cel: "98765", groupId }, { locale: "en" });
    expect(staff.http).toBe(422);
    expect(staff.body.data.errors).toEqual({ cel: EN("Mobile", "Peru") });

    const lists = Object.values(RESOURCES).filter((def) => def.fields.some((f) => f.name === "cel"));
    expect(lists.map((def) => def.id).sort()).toEqual(["admRelatives", "admStaff", "admUser"]);
    for (const def of lists) {
      const [row] = await api.rows(`${def.id}/get?PageSize=1`);
      const id = row!.ID as number;
      const before = await celOf(id);
      const edit = await api.call<Refusal>("POST", `${def.id}/edit/${id}`, { token: admin, body: { cel: "1" } });
      expect(edit.http, def.id).toBe(422);
      expect(Object.keys(edit.body.data.errors), def.id).toEqual(["cel"]);
      expect(await celOf(id), def.id).toBe(before);
      const saved = await api.call<Refusal>("POST", `${def.id}/edit/${id}`, { token: admin, body: { cel: "987 123 099" } });
      expect(saved.body.status, def.id).toBe(0);
      expect(await celOf(id), def.id).toBe("+51987123099");
    }
  });

  it("clears a number the migration could not read once staff give a good one", async () => {
    const made = await create("admRelatives", relative("PH-7", ""));
    const id = made.body.data.ID;
    await api.db().user.update({ where: { id }, data: { celUnverified: "98-76 (casa)" } });
    const saved = await api.call<Refusal>("POST", `admRelatives/edit/${id}`, { token: admin, body: relative("PH-7", "0051987123007") });
    expect(saved.body.status).toBe(0);
    expect(await api.db().user.findUniqueOrThrow({ where: { id }, select: { cel: true, celUnverified: true } })).toEqual({
      cel: "+51987123007",
      celUnverified: null,
    });
  });

  it("refuses an import line whose number cannot be read, and stores the others' in E.164", async () => {
    const csv = (rows: string[]) => Buffer.from(["externalId;name;last;gender;nationality;mail;cel", ...rows].join("\n")).toString("base64");
    const refused = await api.call<Refusal>("POST", "admRelatives/importAttach", {
      token: admin,
      body: { data: csv(["PH-8;Ana;Rojas;F;Peruana;ph-8@correo.pe;987123008", "PH-9;Eva;Soto;F;Peruana;ph-9@correo.pe;555"]) },
    });
    expect(refused.http, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.data.lines).toEqual([{ line: 3, field: "cel", message: ES("Celular", "Perú") }]);
    expect(await api.db().user.count({ where: { externalId: { in: ["PH-8", "PH-9"] } } })).toBe(0);
    const taken = await api.call("POST", "admRelatives/importAttach", {
      token: admin,
      body: { data: csv(["PH-8;Ana;Rojas;F;Peruana;ph-8@correo.pe;987 123 008"]) },
    });
    expect(taken.http).toBe(200);
    const { cel } = await api.db().user.findFirstOrThrow({ where: { externalId: "PH-8" }, select: { cel: true } });
    expect(cel).toBe("+51987123008");
  });

  it("is how the demo schools are seeded", async () => {
    const people = await api.db().user.findMany({ where: { cel: { not: null } }, select: { id: true, cel: true } });
    expect(people.length).toBeGreaterThan(100);
    expect(people.filter((p) => toE164(p.cel!) !== p.cel)).toEqual([]);
  });
});
