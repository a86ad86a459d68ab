import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, setTheme, signInAs, TEACHER, test, withDatabase } from "../fixtures";
import { sheetView } from "../sheet-view.ts";

/** Concepts added to the teacher's first sheet for these tests: as the demo has it, it is small enough to be drawn whole. */
const ADDED = 60;
const ADDED_ABREV = "VW";

/**
 * Gives the sheet the teacher's grade screen opens on 60 more numeric columns (top-level concepts of its subject, no
 * weight), so that it is drawn by its window; they go, with any grade typed in them, after the test.
 */
async function withLargeSheet(page: Page, work: (grid: Locator) => Promise<void>, { dark = false } = {}) {
  await signInAs(page, TEACHER, "es");
  if (dark) await setTheme(page, "dark.blue");
  await page.goto("/app/admGrades");
  const grid = page.getByTestId("grade-grid");
  const firstHead = grid.locator("[data-testid^='grade-head-']").first();
  await expect(firstHead).toBeVisible({ timeout: 15_000 });
  const conceptId = Number(/^grade-head-(\d+)/.exec((await firstHead.getAttribute("data-testid"))!)![1]);
  const added = await withDatabase(async (db) =>
    (
      await db.query<{ id: number }>(
        `INSERT INTO "EvalConcept" ("tenantId", "periodId", "activityId", "sectionId", level, "order", name, abrev, type, "weightType", weight, "updatedAt")
         SELECT c."tenantId", c."periodId", c."activityId", c."sectionId", 0, 1000 + i, 'Columna ' || i, '${ADDED_ABREV}' || i, 0, 'none', 0, now()
         FROM "EvalConcept" c, generate_series(1, $2) AS i WHERE c.id = $1 RETURNING id`,
        [conceptId, ADDED],
      )
    ).rows.map((r) => r.id),
  );
  expect(added).toHaveLength(ADDED);
  try {
    await page.reload();
    await expect(grid.locator("[data-cell='0:0']")).toBeVisible({ timeout: 15_000 });
    await work(grid);
  } finally {
    await withDatabase(async (db) => {
      await db.query(`DELETE FROM "GradeChange" WHERE "conceptId" = ANY($1)`, [added]);
      await db.query(`DELETE FROM "EvalConcept" WHERE id = ANY($1)`, [added]);
    });
  }
}

/** The cell is wholly in the grid's view, neither under the sticky header nor under the sticky names. */
async function expectInView(grid: Locator, place: string) {
  const inView = () =>
    grid.evaluate((scroller, at) => {
      const cell = scroller.querySelector(`[data-cell="${at}"]`)!.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      const head = scroller.querySelector("thead")!.getBoundingClientRect();
      const names = scroller.querySelector("thead th")!.getBoundingClientRect();
      return cell.top >= head.bottom - 1 && cell.bottom <= view.bottom + 1 && cell.left >= names.right - 1 && cell.right <= view.right + 1;
    }, place);
  await expect.poll(inView, { message: `cell ${place} in view` }).toBe(true);
}

const focused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.cell ?? null);

test("a large sheet is drawn by its window, and the keys reach every cell of it", async ({ page }) => {
  test.setTimeout(120_000);
  await withLargeSheet(page, async (grid) => {
    const { rows, columns, drawn } = await grid.evaluate(sheetView);
    expect(columns).toBeGreaterThan(ADDED);
    expect(rows * columns).toBeGreaterThan(1_000);
    // Of the whole sheet, only the part in view and a little more is in the document.
    expect(drawn).toBeLessThan((rows * columns) / 2);
    const last = columns - 1;

    // Right along the first row, past the columns drawn: each key brings its cell into the document and into view.
    await grid.locator("[data-cell='0:0']").focus();
    for (let c = 1; c <= last; c++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => focused(page)).toBe(`0:${last}`);
    await expectInView(grid, `0:${last}`);
    await expect(grid.locator("[data-cell='0:0']")).toHaveAttribute("tabindex", "0");

    // Down the last column to the last student.
    for (let r = 1; r < rows; r++) await page.keyboard.press("ArrowDown");
    await expect.poll(() => focused(page)).toBe(`${rows - 1}:${last}`);
    await expectInView(grid, `${rows - 1}:${last}`);

    // Scrolled back to the top left by hand, the cell in use stays in the document and keeps the focus; the keys
    // go on from it, and the grid's tab stop is still there.
    await grid.evaluate((scroller) => scroller.scrollTo({ top: 0, left: 0 }));
    await expect(grid.locator(`[data-cell='${rows - 1}:${last}']`)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focused(page)).toBe(`${rows - 2}:${last}`);
    await expectInView(grid, `${rows - 2}:${last}`);

    // Tab from the end of a row goes on at the start of the next one.
    await page.keyboard.press("Tab");
    await expect.poll(() => focused(page)).toBe(`${rows - 1}:0`);
    await expectInView(grid, `${rows - 1}:0`);

    // A grade typed in a column that was not drawn when the sheet opened is saved.
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => focused(page)).toBe(`${rows - 2}:${last}`);
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/admGrades");
    await page.keyboard.type("7");
    await page.keyboard.press("Enter");
    const answer = (await (await saved).json()) as { status: number; data: { saved: number } };
    expect(answer.status).toBeGreaterThanOrEqual(0);
    expect(answer.data.saved).toBe(1);
    await expect(grid.locator(`[data-cell='${rows - 2}:${last}']`)).toHaveValue("7");
  });
});

test("a large sheet drawn by its window passes axe at 390 px in the dark", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await withLargeSheet(
    page,
    async (grid) => {
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await grid.evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight / 2, left: scroller.scrollWidth / 2 }));
      // No part of the view is left blank: the gaps standing for rows and columns not drawn are all out of it.
      await expect.poll(async () => (await grid.evaluate(sheetView)).gapsInView).toBe(0);
      await expectAccessible(page);
    },
    { dark: true },
  );
});
