import type { Page } from "@playwright/test";
import { ADMIN, expect, signInAs, test } from "../fixtures";

interface MenuItem {
  ID: string;
  name: string;
  nameEN: string;
  hidden: boolean;
  path: string | null;
  subs?: MenuItem[];
}
interface Screen {
  item: MenuItem;
  /** The headings above the screen, outermost first. */
  trail: MenuItem[];
}

const screensOf = (items: MenuItem[], trail: MenuItem[] = []): Screen[] =>
  items.flatMap((item) => [...(item.path ? [{ item, trail }] : []), ...screensOf(item.subs ?? [], [...trail, item])]);
/**
 * The modules still allowed to show the "Screen in preparation" box, by id. The list only shrinks: a module that gets
 * its screen must leave it, and no other module may show the box.
 */
const PENDING_SCREENS = ["admCommunications", "admStats", "admUsage"];
/** A catalogue key the page failed to translate shows as its dotted path. */
const RAW_KEY = /\b(resources|moduleScreen|validation|fields)\.[A-Za-z]/;

/**
 * Opens a screen the way a person does, from the sidebar (its headings opened first): the app stays loaded and only the
 * module's screen is mounted anew, which saves a full page load per module. A screen the sidebar does not list (hidden
 * in the menu) is opened by its address.
 */
async function openScreen(page: Page, { item, trail }: Screen): Promise<void> {
  if (item.hidden || trail.some((heading) => heading.hidden)) {
    await page.goto(`/app/${item.ID}`);
    return;
  }
  const sidebar = page.getByTestId("sidebar");
  for (const heading of trail) {
    const toggle = sidebar.getByTestId(`menu-item-${heading.ID}`);
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  }
  const link = sidebar.getByTestId(`menu-item-${item.ID}`);
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}

for (const locale of ["es", "en"] as const) {
  test(`every module of the admin's menu opens its screen and its create form in ${locale}, with no page error or raw text key`, async ({ page }) => {
    test.setTimeout(240_000);
    const { menu } = await signInAs(page, ADMIN, locale);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const screens = screensOf(menu as MenuItem[]);
    expect(screens.length).toBeGreaterThanOrEqual(55);
    const pending: string[] = [];
    await page.goto("/app/home/start");

    for (const screen of screens) {
      const { item } = screen;
      const id = item.ID;
      await test.step(id, async () => {
        // Its address serves a page too (the browser below reaches the screen without loading that page); the
        // address is the same in both languages, so it is asked once.
        if (locale === "es") expect((await page.request.get(`/app/${id}`)).status(), `${id}: GET /app/${id}`).toBe(200);
        await openScreen(page, screen);
        await expect(page).toHaveURL(new RegExp(`/app/${id}$`));
        await expect(page.getByTestId("module-title")).toHaveText(locale === "en" ? item.nameEN || item.name : item.name || item.nameEN);
        // A screen whose chunk is still on its way shows the loading state, with neither grid nor notice to count yet.
        await expect(page.getByTestId("screen-loading")).toHaveCount(0);
        if (await page.getByTestId("module-pending").count()) pending.push(id);
        // The generic screen shows its grid once the first page is in; a special screen shows its own content.
        const grid = page.getByTestId("grid");
        if (await grid.count()) await expect(grid).toHaveAttribute("aria-busy", "false");
        const create = page.getByTestId("toolbar-create");
        if (await create.count()) {
          await create.click();
          await expect(page.getByTestId("form-sheet")).toBeVisible();
          expect.soft(await page.getByTestId("form-sheet").innerText(), `${id}: form`).not.toMatch(RAW_KEY);
          await page.keyboard.press("Escape");
          await expect(page.getByTestId("form-sheet")).toBeHidden();
        }
        expect.soft(await page.locator("main").innerText(), `${id}: screen`).not.toMatch(RAW_KEY);
      });
    }
    expect(errors).toEqual([]);
    expect(pending.sort(), "the modules showing 'Screen in preparation'").toEqual(PENDING_SCREENS);
  });
}
