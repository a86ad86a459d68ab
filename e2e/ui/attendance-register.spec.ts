import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, apiLogin, expect, expectAccessible, signInAs, TEACHER, test, withDatabase, setTheme } from "../fixtures";

/**
 * The register (001 §2, §5, §8): the demo teacher takes a class's attendance on a phone with the
 * keyboard alone, sees every mark saved, finds them after a reload, is told a pending student's comment waits for the
 * mark, and loses nothing while the network is down. The registers used are the teacher's subject registers of a school
 * day, put back to "not started" first: the demo's own attendance, if any, is never relied on.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const HELD = "La observación no se ha guardado, se guardará cuando marque la asistencia respectiva";

interface Register {
  ID: number;
  partId: number | null;
  total: number;
}
interface Row {
  id: number;
  status: number;
  comment: string | null;
}

/** Today at the school's clock (UTC-5). */
const today = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

/** Today, kept inside the current period so that its sections have registers. */
async function schoolDay(): Promise<string> {
  const { rows } = await withDatabase((db) =>
    db.query<{ from: string; to: string }>(
      `SELECT to_char(p."from", 'YYYY-MM-DD') AS "from", to_char(p."to", 'YYYY-MM-DD') AS "to"
         FROM "Period" p JOIN "Tenant" t ON t.id = p."tenantId" WHERE t.alias = 'colegio-demo' AND p.current`,
    ),
  );
  const period = rows[0]!;
  // The middle one of the three days ('YYYY-MM-DD' sorts as it reads).
  return [period.from, today(), period.to].sort()[1]!;
}

async function teacherToken(request: APIRequestContext) {
  return (await apiLogin(request, TEACHER)).token;
}

/** The teacher's subject registers of the day with students, as the API lists them. */
async function subjectRegisters(request: APIRequestContext, day: string): Promise<Register[]> {
  const token = await teacherToken(request);
  const res = await request.get(`/api/admAttendance?dt=${day}&daily=false`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { status: number; data: Register[] };
  expect(body.status).toBeGreaterThanOrEqual(0);
  return body.data.filter((r) => r.total >= 4);
}

/** Back to "not started", no marks: each test takes its register from the start. */
async function resetRegisters(ids: number[]) {
  await withDatabase(async (db) => {
    await db.query(`DELETE FROM "AttendanceMark" WHERE "sessionId" = ANY($1)`, [ids]);
    await db.query(`UPDATE "AttendanceSession" SET "startedAt" = NULL, "startedBy" = NULL WHERE id = ANY($1)`, [ids]);
  });
}

async function listOf(request: APIRequestContext, register: Register): Promise<Row[]> {
  const token = await teacherToken(request);
  const res = await request.get(`/api/admAttendance/${register.partId ?? 0}/sessions/${register.ID}/list`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { rows: Row[] } }).data.rows;
}

/** Nothing scrolls sideways: neither the page nor the shell's scrolling main area. */
async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const main = document.getElementById("main")!;
    return { page: document.documentElement.scrollWidth - window.innerWidth, main: main.scrollWidth - main.clientWidth };
  });
  expect(widths).toEqual({ page: 0, main: 0 });
}

/** The ids of the register's rows, top to bottom. */
async function rowIds(page: Page): Promise<number[]> {
  const ids = await page.locator("[data-testid^='register-row-']").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-testid")!.slice(13))));
  expect(ids.length).toBeGreaterThanOrEqual(4);
  return ids;
}

let day = "";
let registers: Register[] = [];

test.beforeAll(async ({ request }) => {
  day = await schoolDay();
  registers = await subjectRegisters(request, day);
  expect(registers.length).toBeGreaterThanOrEqual(2);
});

test.describe("attendance register", () => {
  test("the teacher marks a class with the keyboard on a phone, reloads, comments and rides out a network drop", async ({ page }) => {
    test.setTimeout(120_000);
    const register = registers[0]!;
    await resetRegisters([register.ID]);
    await page.setViewportSize(PHONE);
    await signInAs(page, TEACHER, "es");
    await page.goto(`/app/admAttendanceControl?dt=${day}`);
    await expect(page.getByTestId("attendance-teacher")).toHaveText(/Diego/);

    // Pick the register among the day's subject registers.
    await page.getByTestId("attendance-kind-subject").click();
    await expect(page.getByTestId(`session-state-${register.ID}`)).toHaveText("Sin iniciar");
    await page.getByTestId(`session-open-${register.ID}`).click();

    // The overlay blocks the list until the register is started; its button has the keyboard.
    await expect(page.getByTestId("register-overlay")).toBeVisible();
    await expect(page.getByTestId("register-all-present")).toBeDisabled();
    const start = page.getByTestId("register-start");
    await expect(start).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("register-overlay")).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`session=${register.ID}`));

    const ids = await rowIds(page);
    const last = ids.length - 1;
    await expect(page.getByTestId(`register-status-${ids[0]}-0`)).toBeFocused();
    // The layout of a phone: name and the four buttons on one line, nothing scrolls sideways.
    await expectNoSideScroll(page);
    const nameBox = (await page.getByTestId(`register-row-${ids[0]}`).locator("span[id]").first().boundingBox())!;
    const buttonBox = (await page.getByTestId(`register-status-${ids[0]}-3`).boundingBox())!;
    expect(Math.abs(nameBox.y - buttonBox.y)).toBeLessThan(buttonBox.height);

    // P, T, F, then 1 for the rest but the last, who stays pending; each key moves on to the next student.
    const expected = new Map<number, number>();
    const keys = ids.slice(0, last).map((_, i) => (i === 0 ? "p" : i === 1 ? "t" : i === 2 ? "f" : "1"));
    for (const [i, key] of keys.entries()) {
      await page.keyboard.press(key);
      expected.set(ids[i]!, { p: 1, t: 2, f: 3, "1": 1 }[key]!);
    }
    await expect(page.getByTestId(`register-status-${ids[last]}-0`)).toBeFocused();
    // Arrows: back to the top, down one, and the second student becomes absent.
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByTestId(`register-status-${ids[1]}-2`)).toBeFocused();
    await page.keyboard.press("3");
    expected.set(ids[1]!, 3);

    for (const [id, status] of expected) {
      await expect(page.getByTestId(`register-row-${id}`)).toHaveAttribute("data-status", String(status));
      await expect(page.getByTestId(`register-status-${id}-${status}`)).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByTestId(`register-save-${id}`)).toHaveAttribute("data-state", "saved");
    }
    await expect(page.getByTestId("register-queue")).toHaveText("Todas las marcas guardadas");
    const counts = [...expected.values()];
    await expect(page.getByTestId("register-count-1")).toHaveText(String(counts.filter((s) => s === 1).length));
    await expect(page.getByTestId("register-count-3")).toHaveText(String(counts.filter((s) => s === 3).length));
    await expect(page.getByTestId("register-count-0")).toHaveText("1");

    // A comment on the student still pending: the server keeps it back and says so; the box keeps it.
    await page.keyboard.press("End");
    await page.keyboard.press("c");
    const comment = page.getByTestId(`register-comment-${ids[last]}`);
    await expect(comment).toBeFocused();
    await page.keyboard.type("Trae justificante");
    await expect(page.getByText(HELD)).toBeVisible();
    await expect(page.getByTestId(`register-save-${ids[last]}`)).toHaveAttribute("data-state", "held");
    await expect(comment).toHaveValue("Trae justificante");

    // A reload finds every mark (and the comment waiting for its mark).
    await page.reload();
    for (const [id, status] of expected) await expect(page.getByTestId(`register-row-${id}`)).toHaveAttribute("data-status", String(status));
    await expect(page.getByTestId(`register-row-${ids[last]}`)).toHaveAttribute("data-status", "0");
    // The register opens on the first student still pending; C shows the comment, Escape goes back to the row.
    await expect(page.getByTestId(`register-status-${ids[last]}-0`)).toBeFocused();
    await page.keyboard.press("c");
    await expect(comment).toBeFocused();
    await expect(comment).toHaveValue("Trae justificante");
    await page.keyboard.press("Escape");

    // The network drops: the marks wait, the screen says so and retries; once it is back they are saved.
    await page.route("**/api/admAttendance/session/*/status", (route) => route.abort("internetdisconnected"));
    await expect(page.getByTestId(`register-status-${ids[last]}-0`)).toBeFocused();
    await page.keyboard.press("p");
    await page.keyboard.press("Home");
    await page.keyboard.press("f");
    const queue = page.getByTestId("register-queue");
    await expect(queue).toHaveAttribute("data-state", "retrying");
    await expect(queue).toContainText("2 marcas esperando para guardarse, reintentando");
    await expect(page.getByTestId(`register-save-${ids[0]}`)).toHaveAttribute("data-state", "waiting");
    await page.waitForTimeout(3_000);
    await page.unroute("**/api/admAttendance/session/*/status");
    await expect(queue).toHaveAttribute("data-state", "saved", { timeout: 20_000 });
    expected.set(ids[0]!, 3);
    expected.set(ids[last]!, 1);

    // Nothing lost: the server holds every mark, and the held comment went with the last student's.
    const rows = await listOf(page.request, register);
    for (const [id, status] of expected) expect(rows.find((r) => r.id === id)?.status).toBe(status);
    expect(rows.find((r) => r.id === ids[last])?.comment).toBe("Trae justificante");
  });

  test("admActivitySession's button opens the control screen on that register", async ({ page }) => {
    const register = registers[1]!;
    await resetRegisters([register.ID]);
    await page.setViewportSize(PHONE);
    await signInAs(page, TEACHER, "en");
    await page.goto(`/app/admActivitySession?dt=${day}`);
    await expect(page.getByTestId(`session-${register.ID}`)).toBeVisible();
    await page.getByTestId(`session-take-${register.ID}`).click();
    await expect(page).toHaveURL(/\/app\/admAttendanceControl\?/);
    await expect(page.getByTestId("register-view")).toHaveAttribute("data-session", String(register.ID));
    await expect(page.getByTestId("register-start")).toHaveText("Start the register");
  });
});

test.describe("attendance screens are accessible", () => {
  // The themes crossed with the widths (dark on the phone, light on the desktop): the layout does not depend on the
  // theme, the contrast does not depend on the width.
  for (const [viewport, dark] of [
    [PHONE, true],
    [DESKTOP, false],
  ] as const) {
    test(`register, overlay and who is missing at ${viewport.width} px, ${dark ? "dark" : "light"}`, async ({ page }) => {
      test.setTimeout(90_000);
      const register = registers[1]!;
      await resetRegisters([register.ID]);
      await page.setViewportSize(viewport);
      await signInAs(page, ADMIN, dark ? "es" : "en");
      if (dark) await setTheme(page, "dark.blue");
      await page.goto(`/app/admAttendanceControl?dt=${day}&daily=0&session=${register.ID}&part=${register.partId ?? 0}`);
      if (dark) await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(page.getByTestId("register-overlay")).toBeVisible();
      await page.mouse.move(0, 0);
      await expectAccessible(page, "main");

      await page.getByTestId("register-start").click();
      const ids = await rowIds(page);
      await page.getByTestId(`register-status-${ids[0]}-3`).click();
      await page.getByTestId(`register-status-${ids[1]}-2`).click();
      await expect(page.getByTestId(`register-save-${ids[1]}`)).toHaveAttribute("data-state", "saved");
      await expectNoSideScroll(page);
      await page.mouse.move(0, 0);
      await expectAccessible(page, "main");

      // The office's live view (the administrator's menu grants admJustification): the two marks just made are there.
      await page.getByTestId("attendance-tab-missing").click();
      await expect(page.getByTestId("missing-registers")).toBeVisible();
      if (day === today()) {
        const absent = page.getByTestId("missing-absent-table");
        await expect(absent).toBeVisible();
        for (const id of ids.slice(0, 2)) await expect(absent.getByTestId(`missing-absent-table-${id}`)).toBeVisible();
      }
      await expectNoSideScroll(page);
      await page.mouse.move(0, 0);
      await expectAccessible(page, "main");
    });
  }
});
