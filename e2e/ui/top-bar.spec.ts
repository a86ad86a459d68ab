import { ADMIN, expect, expectAccessible, setTheme, signInAs, TEACHER, test, withDatabase } from "../fixtures";
import { overlaps, settledBox } from "../boxes";

/**
 * The top bar against what comes over it: a toast comes in under the bar, never over its controls, on a laptop and a
 * phone; and a colour saved in the school's profile shows as soon as the page reloads, without signing in again.
 */

for (const viewport of [
  { width: 1440, height: 900, dark: false },
  { width: 390, height: 844, dark: true },
]) {
  test(`a toast keeps off the top bar's controls (${viewport.width} px, ${viewport.dark ? "dark" : "light"})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAs(page, TEACHER, "es");
    if (viewport.dark) await setTheme(page, "dark.blue");
    // A module the teacher may not open: the permission toast (spec 000 §8) comes up with the page.
    await page.goto("/app/admRelatives");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "No autorizado" });
    await expect(toast).toBeVisible();
    const toastBox = await settledBox(toast);
    const controls = page.locator("header").first().locator("button, input, select, a");
    const count = await controls.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i);
      if (!(await control.isVisible())) continue;
      const box = (await control.boundingBox())!;
      const name = (await control.getAttribute("data-testid")) ?? (await control.getAttribute("aria-label")) ?? `control ${i}`;
      expect(overlaps(toastBox, box), `the toast ${JSON.stringify(toastBox)} covers ${name} ${JSON.stringify(box)}`).toBe(false);
    }
    await expectAccessible(page, "header");
  });
}

test.describe("the school's colour", () => {
  let school: number | null = null;
  // The demo school is shared by every spec of the run: its colour goes back to the seed's.
  test.afterAll(async () => {
    if (school !== null) await withDatabase((db) => db.query(`UPDATE "Tenant" SET "themeColor" = 'light.blue' WHERE id = $1`, [school]));
  });

  test("a colour saved in the profile applies at the reload, not at the next sign-in", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // No colour of the person's own: the school's applies.
    const { companyID } = await signInAs(page, ADMIN, "es");
    school = companyID;
    await page.goto("/app/home/start");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light.blue");
    await page.getByTestId("company-card").getByTestId("company-edit").click();
    const sheet = page.getByTestId("company-sheet");
    await expect(sheet).toBeVisible();
    await sheet.getByTestId("company-color").selectOption("light.purple");
    await sheet.getByTestId("company-save").click();
    const prompt = page.getByTestId("company-reload");
    await expect(prompt).toBeVisible();
    await Promise.all([page.waitForEvent("load"), prompt.getByTestId("company-reload-now").click()]);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light.purple", { timeout: 10_000 });
    // The next page keeps it.
    await page.goto("/app/admRelatives");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light.purple");
    await expectAccessible(page, "header");
  });
});
