import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forTenant } from "../tenant.ts";
import { createTestDatabase, demoTenants, type TestDatabase } from "../testing.ts";

let database: TestDatabase;
let colegio: number;
let northside: number;

beforeAll(async () => {
  // The school template is seeded by seedDemo({ school: true }) once a run: what these checks read.
  database = await createTestDatabase("school");
  ({ colegio, northside } = await demoTenants(database.db));
});
afterAll(() => database.drop());

/** What a school's screens list first: periods, grades and their levels, subjects, calendar categories and events. */
async function namesOf(tenantId: number) {
  const t = forTenant(database.db, tenantId);
  const [periods, grades, subjects, categories, activities, people] = await Promise.all([
    t.period.findMany({ orderBy: { id: "asc" }, select: { name: true } }),
    t.superSection.findMany({ where: { periodId: 202601 }, orderBy: { sort: "asc" }, select: { name: true, groupBy: true } }),
    t.activity.findMany({ where: { periodId: 202601 }, distinct: ["name"], select: { name: true } }),
    t.category.findMany({ select: { id: true, name: true, type: true } }),
    t.calendarActivity.findMany({ select: { name: true, hasDate: true, categoryId: true } }),
    t.user.findMany({ where: { type: { in: [1, 2] } }, select: { nationality: true, documenttype: true, mail: true } }),
  ]);
  const categoryOf = new Map(categories.map((c) => [c.id, c]));
  return {
    periods: periods.map((p) => p.name),
    grades: grades.map((g) => g.name),
    levels: [...new Set(grades.map((g) => g.groupBy))],
    subjects: subjects.map((s) => s.name).sort(),
    events: Object.fromEntries(activities.map((a) => [a.name, categoryOf.get(a.categoryId!)?.name])),
    activityTypes: activities.map((a) => [a.hasDate, categoryOf.get(a.categoryId!)?.type]),
    people,
  };
}

// Letters and words that only Spanish text has; none of them may show in the English school's seeded names.
const SPANISH = /[áéíóúñ¿¡º]|\b(de|del|año|escolar|primaria|secundaria|inicial|reunión|feriados?)\b/i;

describe("the English demo school", () => {
  it("names its periods, grades, levels and subjects in English", async () => {
    const names = await namesOf(northside);
    expect(names.periods).toEqual(["School year 2025", "School year 2026"]);
    expect(names.grades).toEqual(["Kindergarten", ...Array.from({ length: 11 }, (_, i) => `Grade ${i + 1}`)]);
    expect(names.levels).toEqual(["Kindergarten", "Primary", "Secondary"]);
    expect(names.subjects).toContain("Mathematics");
    for (const text of [...names.periods, ...names.grades, ...names.levels, ...names.subjects, ...Object.keys(names.events)]) expect(text).not.toMatch(SPANISH);
    expect(new Set(names.people.map((p) => p.nationality).filter(Boolean))).toEqual(new Set(["British"]));
    expect(names.people.some((p) => p.documenttype === "DNI" || /colegio|familia/.test(p.mail ?? ""))).toBe(false);
  });

  it("files each calendar event under a category that fits it", async () => {
    const { events, activityTypes } = await namesOf(northside);
    expect(events).toMatchObject({ "Chess club": "Clubs", "Parents' evening": "Meetings", "Science museum trip": "Trips", "Winter concert": "School events" });
    expect(Object.values(events)).not.toContain("Holidays");
    // A dated event is on the calendar ("cal"); an all-year club is an activity ("act").
    for (const [hasDate, type] of activityTypes) expect(type).toBe(hasDate ? "cal" : "act");
  });

  it("leaves the Spanish school in Spanish, its events under fitting categories too", async () => {
    const names = await namesOf(colegio);
    expect(names.periods).toEqual(["Año escolar 2025", "Año escolar 2026"]);
    expect(names.grades[0]).toBe("Inicial 5 años");
    expect(names.levels).toEqual(["Inicial", "Primaria", "Secundaria"]);
    expect(names.events).toMatchObject({ "Reunión de padres de familia": "Reuniones", "Taller de robótica": "Talleres" });
    expect(Object.values(names.events)).not.toContain("Feriados");
  });
});
