import type { Locator, Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, signInAs, test, setTheme } from "../fixtures";
import { overlaps, settledBox } from "../boxes";

/**
 * The generic list screens on a laptop (1440×900) and on a phone (390×844). The row
 * actions are on screen without scrolling, the list comes back as it was left after a drawer closes, phones get cards
 * and folded filters, the theme colours stay reachable, toasts keep off a drawer's buttons and an empty list says so once.
 */

const VIEWPORTS = [
  { name: "laptop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Three of the wide lists: relatives, the infirmary log and flows. */
const WIDE_LISTS = ["admRelatives", "admInfirmary", "admFlow"] as const;

/** The element lies wholly inside the viewport, as the page stands (no scrolling first). */
async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, `${what}: laid out`).not.toBeNull();
  expect(
    { left: box!.x >= 0, top: box!.y >= 0, right: box!.x + box!.width <= width + 0.5, bottom: box!.y + box!.height <= height + 0.5 },
    `${what}: inside the ${width}×${height} viewport (box ${JSON.stringify(box)})`,
  ).toEqual({ left: true, top: true, right: true, bottom: true });
}

/** What a click at the element's centre would hit is the element itself: nothing covers it. */
async function expectUncovered(locator: Locator, what: string): Promise<void> {
  const hit = await locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && (element === top || element.contains(top));
  });
  expect(hit, `${what}: nothing covers it`).toBe(true);
}

async function openList(page: Page, moduleId: string): Promise<Locator> {
  await page.goto(`/app/${moduleId}`);
  const grid = page.getByTestId("grid");
  await expect(grid).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await expect(grid.locator('[data-testid^="grid-row-"]').first()).toBeVisible();
  return grid;
}

/** The element the grid scrolls in: the grid's own parent. */
const scrollerOf = (grid: Locator) => grid.locator("xpath=..");

for (const viewport of VIEWPORTS) {
  test.describe(`list layout at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.describe.configure({ timeout: 90_000 });
    const phone = viewport.name === "phone";

    test("(a) the first row's actions are on screen and clickable without scrolling, on three wide lists", async ({ page }) => {
      await signInAs(page, ADMIN, "es");
      for (const moduleId of WIDE_LISTS) {
        await test.step(moduleId, async () => {
          const grid = await openList(page, moduleId);
          const action = grid.locator('[data-testid^="grid-row-"]').first().locator('[data-testid^="row-edit-"]');
          await expectInViewport(page, action, `${moduleId}: first row's edit button`);
          await expectUncovered(action, `${moduleId}: first row's edit button`);

          const scroller = scrollerOf(grid);
          const area = await scroller.evaluate((element) => ({ overflowX: element.scrollWidth > element.clientWidth + 1 }));
          if (phone) expect(area.overflowX, `${moduleId}: the phone list needs no sideways scrolling`).toBe(false);
          else await expectInViewport(page, scroller, `${moduleId}: the grid's scroll area and its scrollbars`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

          await action.click();
          await expect(page.getByTestId("form-sheet")).toBeVisible();
          await page.getByTestId("form-close").click();
          await expect(page.getByTestId("form-sheet")).toBeHidden();
        });
      }
    });

    test("(b) after the edit drawer closes the list is where it was: page, search, scroll and focus", async ({ page }) => {
      await signInAs(page, ADMIN, "es");
      const grid = await openList(page, "admRelatives");
      const searched = page.waitForResponse((response) => response.url().includes("admRelatives/get") && response.url().includes("filter=a"));
      await page.getByTestId("search-input").fill("a");
      await searched;
      await expect(page.getByTestId("page-2")).toBeVisible({ timeout: 10_000 });
      await expect(grid).toHaveAttribute("aria-busy", "false");
      await page.getByTestId("page-2").click();
      await expect(page.getByTestId("page-2")).toHaveAttribute("aria-current", "page");
      await expect(grid).toHaveAttribute("aria-busy", "false");

      const scroller = scrollerOf(grid);
      const main = page.locator("main#main");
      if (phone) await main.evaluate((element) => element.scrollTo(0, 500));
      else
        await scroller.evaluate((element) => {
          element.scrollLeft = 150;
          element.scrollTop = 200;
        });
      // The edit button of a row now in sight (on the old layout none is; then the click itself scrolls, and fails the test).
      const buttonId = await grid.evaluate((element) => {
        const buttons = [...element.querySelectorAll<HTMLElement>('[data-testid^="row-edit-"]')];
        const inSight = buttons.find((button) => {
          const r = button.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return r.top > 0 && r.bottom < window.innerHeight && r.left > 0 && r.right < window.innerWidth && hit !== null && button.contains(hit);
        });
        return (inSight ?? buttons[4]!).dataset.testid!;
      });
      const where = async () => ({
        page: await page.locator('[data-testid^="page-"][aria-current="page"]').getAttribute("data-testid"),
        search: await page.getByTestId("search-input").inputValue(),
        firstRow: await grid.locator('[data-testid^="grid-row-"]').first().getAttribute("data-testid"),
        scroller: await scroller.evaluate((element) => ({ left: element.scrollLeft, top: element.scrollTop })),
        main: await main.evaluate((element) => element.scrollTop),
      });
      const before = await where();
      expect(before.page).toBe("page-2");

      await page.getByTestId(buttonId).click();
      const sheet = page.getByTestId("form-sheet");
      await expect(sheet).toBeVisible();
      await expect(page.getByTestId("form-close")).toBeEnabled();
      await page.getByTestId("form-close").click();
      await expect(sheet).toBeHidden();

      await expect(grid).toHaveAttribute("aria-busy", "false");
      expect(await where()).toEqual(before);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(buttonId);
    });

    test("(c) phones fold the filters behind a button and show the list without sideways scrolling", async ({ page }) => {
      for (const locale of ["es", "en"] as const) {
        await test.step(locale, async () => {
          await signInAs(page, ADMIN, locale);
          const grid = await openList(page, "admInfirmary");
          const form = page.getByTestId("filter-form");
          const toggle = page.getByTestId("filters-toggle");
          if (phone) {
            await expect(form).toBeHidden();
            await expect(toggle).toHaveText(locale === "es" ? "Filtros" : "Filters");
            await toggle.click();
            await expect(toggle).toHaveAttribute("aria-expanded", "true");
            await expect(form).toBeVisible();
            await page.getByTestId("filter-from").fill("2020-01-01");
            await expect(toggle).toContainText("1", { timeout: 5_000 });
            await toggle.click();
            await expect(form).toBeHidden();
            await expect(toggle).toHaveAccessibleName(locale === "es" ? /Filtros.*1/ : /Filters.*1/);
          } else {
            await expect(form).toBeVisible();
            await expect(toggle).toBeHidden();
          }
          await expect(grid).toHaveAttribute("aria-busy", "false");
          // A phone's list fits the screen; a laptop's may scroll sideways, inside its own box only.
          const widths = await scrollerOf(grid).evaluate((element) => ({
            page: document.documentElement.scrollWidth,
            list: element.scrollWidth,
            right: element.getBoundingClientRect().right,
          }));
          expect(widths.page).toBeLessThanOrEqual(viewport.width);
          if (phone) expect(widths.list).toBeLessThanOrEqual(viewport.width);
          expect(widths.right).toBeLessThanOrEqual(viewport.width);
        });
      }
    });

    test("(d) the theme colours and the dark switch can be reached and used", async ({ page }) => {
      await signInAs(page, ADMIN, "es");
      await openList(page, "admRelatives");
      const swatch = page.getByTestId("theme-light.green");
      if (!(await swatch.isVisible())) {
        const menu = page.getByTestId("theme-menu");
        await expectInViewport(page, menu, "the theme button");
        await menu.click();
      }
      for (const color of ["blue", "green", "greysteel", "orange", "purple", "red"]) {
        const each = page.getByTestId(`theme-light.${color}`);
        await expectInViewport(page, each, `the ${color} swatch`);
        await expectUncovered(each, `the ${color} swatch`);
      }
      await expectInViewport(page, page.getByTestId("dark-toggle"), "the dark switch");
      await expectUncovered(page.getByTestId("dark-toggle"), "the dark switch");
      await swatch.click();
      await page.waitForFunction(() => localStorage.getItem("__theme_color") === "light.green");
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light.green", { timeout: 10_000 });
    });

    test("(e) a toast raised while the drawer is open keeps off its footer buttons", async ({ page }) => {
      await signInAs(page, ADMIN, "es");
      const grid = await openList(page, "admPeriod");
      await grid.getByTestId("row-edit-202601").click();
      const sheet = page.getByTestId("form-sheet");
      await expect(page.getByTestId("field-name")).toHaveValue(/.+/);
      // The server refuses a term that ends before it starts; the drawer stays open under its error toast.
      await page.getByTestId("field-to").fill("2020-01-01");
      await page.getByTestId("form-save").click();
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "La fecha final no puede ser anterior a la inicial." });
      await expect(toast).toBeVisible();
      await expect(sheet).toBeVisible();
      const toastBox = await settledBox(toast);
      for (const id of ["form-save", "form-close"]) {
        const button = page.getByTestId(id);
        const box = (await button.boundingBox())!;
        expect(overlaps(toastBox, box), `the toast ${JSON.stringify(toastBox)} covers ${id} ${JSON.stringify(box)}`).toBe(false);
        await expectUncovered(button, id);
      }
    });

    test("(f) an empty list says so once, in both languages", async ({ page }) => {
      for (const [locale, words] of [
        ["es", /^(No hay registros|Sin registros)$/],
        ["en", /^No records$/],
      ] as const) {
        await test.step(locale, async () => {
          await signInAs(page, ADMIN, locale);
          const grid = await openList(page, "admRelatives");
          await page.getByTestId("search-input").fill("zzzz-nadie-coincide");
          await expect(page.getByTestId("grid-empty")).toBeVisible({ timeout: 10_000 });
          await expect(grid).toHaveAttribute("aria-busy", "false");
          await expect(page.locator("main").getByText(words)).toHaveCount(1);
        });
      }
    });

    // The themes are crossed with the widths (light on the laptop, dark on the phone): the layout does not depend on
    // the theme, the contrast does not depend on the width.
    const dark = phone;
    test(`(g) the list and its open drawer pass axe (${dark ? "dark" : "light"})`, async ({ page }) => {
      await signInAs(page, ADMIN, "es");
      if (dark) await setTheme(page, "dark.blue");
      const grid = await openList(page, "admRelatives");
      await expect(page.locator("html")).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
      await expectAccessible(page, "main");
      await grid.locator('[data-testid^="row-edit-"]').first().click();
      const sheet = page.getByTestId("form-sheet");
      await expect(sheet).toBeVisible();
      await expect(page.getByTestId("field-externalId")).toBeVisible();
      await expect(page.getByTestId("form-close")).toBeEnabled();
      await expectAccessible(page, '[data-testid="form-sheet"]');
    });
  });
}
