import type { Locator, Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, setTheme, signInAs, test, withDatabase } from "../fixtures";

/**
 * A generic list takes the height its screen leaves it: at 1440×900 a page of 40 rows shows at least 15 of them, the
 * table's header and actions column stay in sight, and nothing but the page's own margin lies under the pagination.
 * The pager never offers a page that holds no rows, though the total is uncounted.
 */

/**
 * Each width in one theme, the themes crossed with the widths: the geometry does not depend on the theme, and axe
 * reads each theme's contrast at one width (the phone, below, in light).
 */
const DESKTOPS = [
  { viewport: { width: 1280, height: 800 }, dark: false },
  { viewport: { width: 1440, height: 900 }, dark: true },
  { viewport: { width: 1920, height: 1080 }, dark: false },
] as const;

/** The rows a laptop shows of a list without filters; elsewhere (a filter form above it), as many as its box holds. */
const LAPTOP_ROWS = 15;

/** Lists of the demo school with more than 40 rows: relatives (no filters) and students (a row of filters). */
const LISTS = ["admRelatives", "admStudent"] as const;

async function openList(page: Page, moduleId: string): Promise<Locator> {
  await page.goto(`/app/${moduleId}`);
  const grid = page.getByTestId("grid");
  await expect(grid).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await expect(grid.locator('[data-testid^="grid-row-"]')).toHaveCount(40);
  return grid;
}

/** The rows wholly inside both the window and the table's scroll box, and not covered by anything (the sticky header). */
function rowsInSight(grid: Locator): Promise<number> {
  return grid.evaluate((table) => {
    const box = table.parentElement!.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    return [...table.querySelectorAll<HTMLElement>('tbody [data-testid^="grid-row-"]')].filter((row) => {
      const r = row.getBoundingClientRect();
      if (r.top < top - 0.5 || r.bottom > bottom + 0.5) return false;
      const hit = document.elementFromPoint(r.left + 20, r.top + r.height / 2);
      return hit !== null && row.contains(hit);
    }).length;
  });
}

for (const { viewport, dark } of DESKTOPS) {
  test.describe(`a list fills the window at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });
    test(`rows, header, actions and pagination in sight (${dark ? "dark" : "light"})`, async ({ page }) => {
      await signInAs(page, ADMIN, "es");
      if (dark) await setTheme(page, "dark.blue");
      for (const moduleId of LISTS) {
        await test.step(moduleId, async () => {
          const grid = await openList(page, moduleId);
          await expect(page.locator("html")).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
          const scroller = grid.locator("xpath=..");
          const shown = await rowsInSight(grid);
          const layout = await scroller.evaluate((element) => {
            const box = element.getBoundingClientRect();
            const pager = document.querySelector('nav[aria-label] [data-testid="page-next"]')!.closest("div")!.getBoundingClientRect();
            const row = element.querySelector("tbody tr")!.getBoundingClientRect();
            return {
              top: box.top,
              height: box.height,
              scrolls: element.scrollHeight > element.clientHeight,
              pagerBottom: pager.bottom,
              rowHeight: row.height,
            };
          });
          test.info().annotations.push({ type: "layout", description: `${moduleId} ${viewport.width}: ${shown} rows ${JSON.stringify(layout)}` });
          // 40 rows do not fit: the table scrolls in its own box, which reaches down to the pagination at the foot of the window.
          expect(layout.scrolls, "the table scrolls inside its box").toBe(true);
          expect(layout.pagerBottom, "the pagination ends inside the window").toBeLessThanOrEqual(viewport.height);
          expect(viewport.height - layout.pagerBottom, "under the pagination only the page's margin").toBeLessThanOrEqual(32);
          if (viewport.width === 1440 && moduleId === "admRelatives") expect(shown).toBeGreaterThanOrEqual(LAPTOP_ROWS);
          // Every row the box's height holds is in sight but the one cut at its foot.
          expect(shown).toBeGreaterThanOrEqual(Math.floor((layout.height - layout.rowHeight) / layout.rowHeight) - 1);

          // Scrolled to its last row, the header and the row's actions are still in sight.
          await scroller.evaluate((element) => element.scrollTo(element.scrollWidth, element.scrollHeight));
          // The actions column's header: pinned at the top and at the right edge.
          const header = grid.locator("thead th").last();
          const lastEdit = grid.locator('[data-testid^="grid-row-"]').last().locator('[data-testid^="row-edit-"]');
          for (const [what, part] of [
            ["the header", header],
            ["the last row's edit button", lastEdit],
          ] as const) {
            const visible = await part.evaluate((element) => {
              const r = element.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && hit !== null && element.contains(hit);
            });
            expect(visible, `${moduleId}: ${what} in sight after scrolling the table`).toBe(true);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await expectAccessible(page, "main");
        });
      }
    });
  });
}

test.describe("a list on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 90_000 });
  test("the cards grow with the page, which scrolls to the pagination", async ({ page }) => {
    await signInAs(page, ADMIN, "es");
    await page.goto("/app/admRelatives");
    const grid = page.getByTestId("grid");
    await expect(grid).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
    await expect(grid.locator('[data-testid^="grid-row-"]')).toHaveCount(40);
    const main = page.locator("main#main");
    const sizes = await main.evaluate((element) => ({
      scroll: element.scrollHeight,
      client: element.clientHeight,
      page: document.documentElement.scrollWidth,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.page).toBeLessThanOrEqual(390);
    await page.getByTestId("page-next").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("page-next")).toBeInViewport();
    await expectAccessible(page, "main");
  });
});

test.describe("the pager offers only pages that hold rows", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.describe.configure({ timeout: 120_000 });

  /** The page links offered, as numbers. */
  const offered = async (page: Page) =>
    (await page.locator('nav [data-testid^="page-"]').evaluateAll((links) => links.map((link) => link.dataset.testid!)))
      .filter((id) => /^page-\d+$/.test(id))
      .map((id) => Number(id.slice(5)));

  test("while uncounted: the estimate's last page is held back until the list knows it, and every link offered has rows", async ({ page }) => {
    await signInAs(page, ADMIN, "es");
    // The bounded count is held until the pager has been looked at without it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/admRelatives\/get\?.*count=estimate/, async (route) => {
      await held;
      await route.continue();
    });
    const grid = await openList(page, "admRelatives");
    await expect(page.getByTestId("record-count")).not.toContainText(/ de \d/);
    // 40 a page: the spec's estimate is ceil(9999 / 40) = 250 pages, far more than the demo's relatives fill.
    expect(await offered(page)).toEqual([1, 2]);
    await expect(page.getByTestId("page-250")).toHaveCount(0);

    const bounded = page.waitForResponse(/admRelatives\/get\?.*count=estimate/);
    release();
    const answer = (await (await bounded).json()) as { data: { PageCount: number; RowCount: number } };
    const last = answer.data.PageCount;
    expect(last).toBeGreaterThan(2);
    expect(last).toBeLessThan(250);
    expect(answer.data.RowCount).toBe(-1);
    await expect(page.getByTestId(`page-${last}`)).toBeVisible();
    expect(await offered(page)).toEqual([1, 2, last]);

    // Each link offered on the first page, and on the last, leads to rows.
    const visit = async (number: number) => {
      await page.getByTestId(`page-${number}`).click();
      await expect(page.getByTestId(`page-${number}`)).toHaveAttribute("aria-current", "page");
      await expect(grid).toHaveAttribute("aria-busy", "false");
      await expect(page.getByTestId("grid-empty")).toHaveCount(0);
      expect(await grid.locator('[data-testid^="grid-row-"]').count()).toBeGreaterThan(0);
    };
    for (const from of [1, last]) {
      await visit(from);
      for (const number of await offered(page)) {
        if (number === from) continue;
        await visit(number);
        await visit(from);
      }
    }
    await expect(page.getByTestId("page-next")).toBeDisabled();
    expect(await offered(page)).toEqual([1, last - 1, last]);
  });

  test("a search narrows the pages offered to those its matches fill", async ({ page }) => {
    await signInAs(page, ADMIN, "es");
    const grid = await openList(page, "admRelatives");
    const bounded = page.waitForResponse((response) => response.url().includes("count=estimate") && response.url().includes("filter=a"));
    await page.getByTestId("search-input").fill("a");
    const last = ((await (await bounded).json()) as { data: { PageCount: number } }).data.PageCount;
    await expect(page.getByTestId(`page-${last}`)).toBeVisible();
    await page.getByTestId(`page-${last}`).click();
    await expect(page.getByTestId(`page-${last}`)).toHaveAttribute("aria-current", "page");
    await expect(grid).toHaveAttribute("aria-busy", "false");
    await expect(page.getByTestId("grid-empty")).toHaveCount(0);
    // The last page is not full, or there is no next one: counting it tells the same last page.
    await page.getByTestId("count-total").click();
    await expect(page.getByTestId("record-count")).toContainText(/ de \d/);
    expect(Math.max(...(await offered(page)))).toBe(last);
  });

  test("deleting the only row of the last page shows the page before it, not an empty one", async ({ page }) => {
    const { token } = await signInAs(page, ADMIN, "es");
    // 41 values of a type of their own: a full page and one row on a second.
    const TYPE = "ListaPaginas";
    try {
      for (let i = 0; i < 41; i++) {
        const res = await page.request.post("/api/admOtlt/create", {
          headers: { authorization: `Bearer ${token}` },
          data: { type: TYPE, value: `v${String(i).padStart(2, "0")}`, label: `Valor ${String(i).padStart(2, "0")}`, inactive: false },
        });
        expect((await res.json()).status).toBe(0);
      }
      await page.goto("/app/admOtlt");
      const grid = page.getByTestId("grid");
      await expect(grid).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
      // The unfiltered list offers a page 2 too: wait for the filtered list's count before reading the pager.
      const counted = page.waitForResponse((response) => response.url().includes("count=estimate") && response.url().includes(TYPE));
      await page.getByTestId("filter-type").fill(TYPE);
      expect(((await (await counted).json()) as { data: { PageCount: number } }).data.PageCount).toBe(2);
      await expect(grid).toHaveAttribute("aria-busy", "false");
      await expect(page.getByTestId("page-2")).toBeVisible({ timeout: 10_000 });
      expect(await offered(page)).toEqual([1, 2]);
      await page.getByTestId("page-2").click();
      await expect(page.getByTestId("page-2")).toHaveAttribute("aria-current", "page");
      await expect(grid.locator('[data-testid^="grid-row-"]')).toHaveCount(1);

      await grid.locator('[data-testid^="row-delete-"]').click();
      await page.getByTestId("confirm-delete").click();
      await expect(page.getByTestId("page-1")).toHaveAttribute("aria-current", "page");
      await expect(grid.locator('[data-testid^="grid-row-"]')).toHaveCount(40);
      await expect(page.getByTestId("grid-empty")).toHaveCount(0);
      expect(await offered(page)).toEqual([1]);
    } finally {
      await withDatabase((db) => db.query(`DELETE FROM "CatalogueValue" WHERE type = $1`, [TYPE]));
    }
  });
});
