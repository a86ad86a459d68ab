import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };

let admin: string;
let secretary: string;
beforeAll(async () => {
  ({ admin, secretary } = await api.tokens());
});
const list = api.rows;

describe("admTransport: the day's pickup exceptions (002 §2, §3)", () => {
  it("shows each row with the student, their current grade and section, and the ways home by the school's names", async () => {
    const rows = await list("admTransport/get?PageSize=100");
    expect(rows.length).toBeGreaterThan(5);
    const row = rows[0]!;
    for (const key of [
      "externalId",
      "last",
      "name",
      "supersectionName",
      "sectionName",
      "pickupTypeName",
      "pickupExcepTypeName",
      "pickupExcepNote",
      "pickupExcepTime",
    ])
      expect(row).toHaveProperty(key);
    expect(["Movilidad escolar", "Lo recoge el apoderado"]).toContain(row.pickupTypeName);
    expect(["Se retira solo", "Otra persona autorizada"]).toContain(row.pickupExcepTypeName);
    expect(row).not.toHaveProperty("pickupType");
    expect(rows.every((r) => typeof r.supersectionName === "string")).toBe(true);
  });

  it("filters by day, grade and section, and searches by the student's name", async () => {
    const day = await list("admTransport/get?day=2026-03-17&PageSize=100");
    expect(day.length).toBeGreaterThan(0);
    expect(day.every((r) => r.day === "2026-03-17")).toBe(true);
    const sample = (await list("admTransport/get?PageSize=1"))[0]!;
    const grade = (await list("admSuperSection/get?periodId=202601&PageSize=100")).find((g) => g.name === sample.supersectionName)!;
    const section = (await list(`admSection/get?parentId=${grade.ID}&PageSize=100`)).find((x) => x.name === sample.sectionName)!;
    const byGrade = await list(`admTransport/get?superSectionId=${grade.ID}&PageSize=100`);
    expect(byGrade.map((r) => r.ID)).toContain(sample.ID);
    expect(byGrade.every((r) => r.supersectionName === sample.supersectionName)).toBe(true);
    const bySection = await list(`admTransport/get?sectionId=${section.ID}&PageSize=100`);
    expect(bySection.map((r) => r.ID)).toContain(sample.ID);
    expect(bySection.every((r) => r.sectionName === sample.sectionName)).toBe(true);
    const found = await list(`admTransport/get?filter=${encodeURIComponent(String(sample.last))}&PageSize=100`);
    expect(found.map((r) => r.ID)).toContain(sample.ID);
    expect(await list("admTransport/get?filter=zzzz-nadie")).toEqual([]);
  });

  it("is a list only: delete (the secretary may), no create or edit", async () => {
    const row = (await list("admTransport/get?PageSize=1"))[0]!;
    expect((await api.call("POST", "admTransport/create", { token: admin, body: {} })).http).toBe(405);
    expect((await api.call("POST", `admTransport/edit/${row.ID}`, { token: admin, body: {} })).http).toBe(405);
    expect((await api.call("POST", `admTransport/delete/${row.ID}?confirm=true`, { token: secretary })).body.status).toBe(0);
    expect((await api.call("GET", `admTransport/get/${row.ID}`, { token: admin })).http).toBe(404);
  });
});

describe("admInfo: FAQs", () => {
  it.each([
    ["es", { name: "" }, "name", "El campo Pregunta es requerido."],
    ["en", { name: "Uniform?", categoryId: "cal" }, "categoryId", "The Category is not one of the allowed options."],
    [
      "es",
      { name: "¿Uniforme?", publishFrom: "2026-04-10 08:00", publishTo: "2026-04-01 08:00" },
      "publishTo",
      "La fecha final no puede ser anterior a la inicial.",
    ],
  ])("refuses in %s naming the field, writing nothing", async (locale, body, field, message) => {
    const input: Row = { ...body };
    // A calendar category is not a publications category.
    if (input.categoryId === "cal") input.categoryId = (await list("admCategory/get?type=cal&pick=true"))[0]!.ID;
    const before = await api.db().info.count();
    const res = await api.call<Refusal>("POST", "admInfo/create", { token: admin, body: input, locale: locale as "es" | "en" });
    expect(res.http).toBe(422);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await api.db().info.count()).toBe(before);
  });

  it("keeps a FAQ in both languages with its category, pinned ones first, and cleans its rich text", async () => {
    const pub = (await list("admCategory/get?type=pub&pick=true"))[0]!;
    const body = {
      name: "¿Hay cafetería?",
      nameEN: "Is there a cafeteria?",
      body: '<p onclick="x()">Sí<script>alert(1)</script></p>',
      categoryId: pub.ID,
      published: true,
      pinTop: true,
      publishFrom: "2026-03-01 08:00",
    };
    const created = await api.call<{ ID: number }>("POST", "admInfo/create", { token: admin, body });
    expect(created.body.status).toBe(0);
    const row = (await api.call<Row>("GET", `admInfo/get/${created.body.data.ID}`, { token: admin })).body.data;
    expect(row).toMatchObject({
      name: "¿Hay cafetería?",
      nameEN: "Is there a cafeteria?",
      body: "<p>Sí</p>",
      categoryName: pub.name,
      pinTop: true,
      publishFrom: "2026-03-01 08:00",
    });
    const rows = await list("admInfo/get?PageSize=100");
    expect(rows.findIndex((r) => r.pinTop === false)).toBeGreaterThan(rows.findLastIndex((r) => r.pinTop === true));
    // A category in use by a FAQ is not deleted from under it.
    expect((await api.call("POST", `admCategory/delete/${pub.ID}?confirm=true`, { token: admin })).http).toBe(409);
  });
});
