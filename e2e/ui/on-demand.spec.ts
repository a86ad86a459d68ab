import type { Response } from "@playwright/test";
import { ADMIN, baseUrl, expect, expectAccessible, signInAs, test, setTheme } from "../fixtures";

/**
 * Sonner (the toasts) and the sign-in form's checks (zod) are in no page's first load; each comes when the
 * page is first idle or at its first use. Here the page is never idle (requestIdleCallback does nothing), so each comes
 * at its first use, the case a person who acts at once meets.
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

test("the sign-in form checks its fields with the spec's messages, with zod fetched only when they are first checked", async ({ page }) => {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseUrl() }]);
  const scripts: Response[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/_next/static/chunks/")) scripts.push(response);
  });
  // zod's code, whatever chunk it is in: the names of its classes are strings minifying keeps.
  const holdsZod = async (of: Response[]) => (await Promise.all(of.map((r) => r.text()))).some((code) => code.includes("$ZodType"));
  await page.goto("/user/login");
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="login-submit"]');
    return button !== null && Object.keys(button).some((k) => k.startsWith("__reactProps"));
  });
  await page.getByTestId("login-tab-email").click();
  const before = scripts.length;
  expect(await holdsZod(scripts.slice(0, before)), "zod in the sign-in page's own scripts").toBe(false);
  await page.getByTestId("login-submit").click();
  await expect(page.getByText("El campo correo es requerido.")).toBeVisible();
  expect(await holdsZod(scripts.slice(before)), "zod fetched for the first check").toBe(true);
  await page.getByTestId("login-user").fill("no-es-un-correo");
  await page.getByTestId("login-submit").click();
  await expect(page.getByText("El campo correo no es un correo válido")).toBeVisible();
});

// The sign-in page's errors, now worded by checks fetched at the first submit, on a phone and a desktop, in both
// languages and both themes, pass axe.
for (const { width, height, locale, dark, required } of [
  { width: 390, height: 844, locale: "en", dark: true, required: "The e-mail field is required." },
  { width: 1440, height: 900, locale: "es", dark: false, required: "El campo correo es requerido." },
] as const) {
  test(`the sign-in form's errors at ${width} px (${locale}, ${dark ? "dark" : "light"}) pass axe`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const theme = dark ? "dark.blue" : "light.blue";
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseUrl() }]);
    // Any document of the origin lets the theme be kept.
    await page.goto("/api/health");
    await setTheme(page, theme);
    await page.goto("/user/login");
    await expect(page.locator("html")).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
    await page.getByTestId("login-tab-email").click();
    await page.getByTestId("login-submit").click();
    await expect(page.getByText(required)).toBeVisible();
    await expect(page.getByTestId("login-user")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
  });
}
