import { ADMIN, expect, signInAs, test } from "../fixtures";

/**
 * Issue 16: sonner (the toasts) is in no page's first load; it comes when the page is idle or at the first toast. Here
 * the page is never idle (requestIdleCallback does nothing), so it comes at the first toast, the case a person who
 * acts at once meets.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
    window.cancelIdleCallback = () => {};
  });
});

test("a toast asked for before sonner has arrived is shown once it has", async ({ page }) => {
  await signInAs(page, ADMIN, "es");
  await page.goto("/app/admPeriod");
  const grid = page.getByTestId("grid");
  await expect(grid).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await grid.getByTestId("row-edit-202601").click();
  await expect(page.getByTestId("field-name")).toHaveValue(/.+/);
  // No Toaster yet: sonner's region ("Notificaciones alt+T") is drawn once sonner has arrived.
  const region = page.locator('section[aria-label^="Notificaciones"]');
  await expect(region).toHaveCount(0);
  await page.getByTestId("field-to").fill("2020-01-01");
  await page.getByTestId("form-save").click();
  await expect(region.locator("[data-sonner-toast]").filter({ hasText: "La fecha final no puede ser anterior a la inicial." })).toBeVisible();
});
