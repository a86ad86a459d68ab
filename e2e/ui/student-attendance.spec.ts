import type { APIRequestContext, Page } from "@playwright/test";
import type { TAttendanceSession, TAttendanceSummary } from "../../packages/contracts/src/attendance/index.ts";
import { ADMIN, apiLogin, expect, expectAccessible, rowAction, signInAs, test, setTheme } from "../fixtures";

/**
 * The student's attendance summary on the student record: the admin marks a student present in one
 * register and absent in another of a day of the current period, finds the student in the student list, opens the row's
 * attendance action and reads the period's shares drawn and in the table (1 present, 1 absent, 50.0 % each); a student
 * never marked gets the empty state. Each test makes its own students, placed in a demo section, so that neither the
 * demo's month of attendance nor another spec's marks change the counts.
 */

/** A Monday of the demo's current period (2026-03-02 to 2026-12-18), away from the month the demo seeds. */
const DAY = "2026-06-15";
const PRESENT = 1;
const ABSENT = 3;

type Envelope<T> = { status: number; msg: string; data: T };

async function call<T>(request: APIRequestContext, token: string, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${token}` };
  const res = method === "GET" ? await request.get(`/api/${path}`, { headers }) : await request.post(`/api/${path}`, { headers, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.status, `${method} ${path}: ${body.msg}`).toBeGreaterThanOrEqual(0);
  return body.data;
}

/** A student of the section, made for this test: `stamp` keeps their code, e-mail and surname apart from anyone's. */
async function newStudent(request: APIRequestContext, token: string, sectionId: number, stamp: string): Promise<number> {
  const created = await call<{ ID: number }>(request, token, "POST", "admStudent/create", {
    externalId: `SUM-${stamp}`,
    name: "Valeria",
    last: "Resumen",
    last2: stamp,
    gender: "F",
    birthday: "2015-05-20",
    status: 10,
    mail: `resumen.${stamp}@pizarra.demo`,
    sectionId,
  });
  return created.ID;
}

/** A section's daily register and one of its subject registers of DAY, started, with the student marked in each. */
async function markDay(request: APIRequestContext, token: string, enrol: (sectionId: number) => Promise<number>) {
  const subjects = await call<TAttendanceSession[]>(request, token, "GET", `admAttendance?dt=${DAY}&daily=false`);
  const subject = subjects.find((r) => r.sectionId !== null && r.partId !== null)!;
  expect(subject, "a subject register of the day").toBeTruthy();
  const sectionId = subject.sectionId!;
  const [daily] = await call<TAttendanceSession[]>(request, token, "GET", `admAttendance/0/sessions?dt=${DAY}&sectionId=${sectionId}`);
  const [part] = await call<TAttendanceSession[]>(request, token, "GET", `admAttendance/${subject.partId}/sessions?dt=${DAY}&sectionId=${sectionId}`);
  expect([daily?.kind, part?.kind]).toEqual(["section", "part"]);
  const userId = await enrol(sectionId);
  for (const [register, status] of [
    [daily!, PRESENT],
    [part!, ABSENT],
  ] as const) {
    await call(request, token, "POST", `admAttendance/session/${register.ID}/init`);
    const saved = await call<{ rows: { id: number; status: number }[] }>(request, token, "POST", `admAttendance/session/${register.ID}/status`, [
      { userId, status },
    ]);
    expect(saved.rows).toEqual([expect.objectContaining({ id: userId, status })]);
  }
  return { userId, sectionId };
}

async function openSummary(page: Page, search: string, userId: number) {
  await page.getByTestId("search-input").fill(search);
  await expect(page.getByTestId(`grid-row-${userId}`)).toBeVisible();
  await rowAction(page, "attendance", userId);
  const sheet = page.getByTestId("student-attendance");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId("student-attendance-loading")).toBeHidden();
  return sheet;
}

const CASES = [
  {
    width: 1440,
    height: 900,
    dark: false,
    locale: "en",
    present: "Present",
    absent: "Absent",
    failed: "The attendance could not be loaded.",
    empty: "No attendance has been taken for this student yet.",
  },
  {
    width: 390,
    height: 844,
    dark: true,
    locale: "es",
    present: "Presentes",
    absent: "Faltas",
    failed: "No se pudo cargar la asistencia.",
    empty: "Aún no se ha tomado asistencia a este alumno.",
  },
] as const;

for (const c of CASES) {
  test(`the admin reads a student's attendance by period (${c.width} px, ${c.dark ? "dark" : "light"}, ${c.locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    const stamp = `${c.width}${Date.now().toString(36)}`;
    const { token } = await apiLogin(page.request, ADMIN);
    const { userId, sectionId } = await markDay(page.request, token, (section) => newStudent(page.request, token, section, stamp));
    const unmarked = await newStudent(page.request, token, sectionId, `${stamp}x`);

    // The API's answer the screen draws: one period, two registers taken, half present and half absent.
    const [summary, ...others] = await call<TAttendanceSummary[]>(page.request, token, "GET", `admAttendance/summary/${userId}`);
    expect(others).toEqual([]);
    expect(summary).toMatchObject({ taken: 2, present: 1, late: 0, absent: 1, justified: 0, presentPct: 50, latePct: 0, absentPct: 50, justifiedPct: 0 });

    await signInAs(page, ADMIN, c.locale);
    if (c.dark) await setTheme(page, "dark.blue");
    await page.goto("/app/admStudent");
    if (c.dark) await expect(page.locator("html")).toHaveClass(/dark/);

    // The first answer never comes (the connection drops): the sheet says so in place, and loads on "try again".
    await page.route(`**/api/admAttendance/summary/${userId}`, (route) => route.abort("connectionreset"), { times: 1 });
    const sheet = await openSummary(page, `SUM-${stamp}`, userId);
    await expect(sheet.getByTestId("student-attendance-failed").locator("p")).toHaveText(c.failed);
    await sheet.getByTestId("student-attendance-retry").click();
    await expect(sheet.getByRole("heading", { name: new RegExp(`Resumen ${stamp}, Valeria`) })).toBeVisible();
    // The chart: a bar for the period, its present and absent segments drawn (late is none, so no segment).
    const chart = sheet.getByTestId("attendance-chart");
    await expect(chart.locator(".recharts-bar-rectangle path")).toHaveCount(2);
    // The period names the bar; the axis wraps a long name over lines of its own.
    await expect.poll(async () => (await chart.locator("tspan").allTextContents()).join(" ")).toContain(summary!.periodName);

    const period = sheet.getByTestId(`attendance-period-${summary!.periodId}`);
    await expect(period.getByRole("heading", { name: summary!.periodName })).toBeVisible();
    const cell = (key: string) => period.getByTestId(`attendance-period-${summary!.periodId}-${key}`);
    const half = /^50[.,]0\s?%$/;
    const none = /^0[.,]0\s?%$/;
    await expect(period.getByRole("rowheader", { name: c.present, exact: true })).toBeVisible();
    await expect(cell("present-count")).toHaveText("1");
    await expect(cell("present-pct")).toHaveText(half);
    await expect(period.getByRole("rowheader", { name: c.absent, exact: true })).toBeVisible();
    await expect(cell("absent-count")).toHaveText("1");
    await expect(cell("absent-pct")).toHaveText(half);
    await expect(cell("late-count")).toHaveText("0");
    await expect(cell("late-pct")).toHaveText(none);
    await expect(cell("justified-count")).toHaveText("0");
    await expect(cell("justified-pct")).toHaveText(none);
    await expect(cell("taken-count")).toHaveText("2");

    // Nothing in the sheet scrolls sideways, on a phone either.
    const overflow = await sheet.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.mouse.move(0, 0);
    await expectAccessible(page, "[role=dialog]");

    // A student no register has marked yet: the sheet says so, with no chart or table.
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    const empty = await openSummary(page, `SUM-${stamp}x`, unmarked);
    await expect(empty.getByTestId("student-attendance-empty")).toContainText(c.empty);
    await expect(empty.getByTestId("attendance-chart")).toHaveCount(0);
    await expect(empty.locator("table")).toHaveCount(0);
    await page.mouse.move(0, 0);
    await expectAccessible(page, "[role=dialog]");
  });
}
