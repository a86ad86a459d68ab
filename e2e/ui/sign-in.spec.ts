import { ADMIN, expect, PASSWORD, test, TEACHER } from "../fixtures";

test.describe("sign-in page", () => {
  test("the admin signs in with e-mail in Spanish and lands on the module cards", async ({ page }) => {
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    // The home screen '/' forwards to after signing in is fetched while the page is still the login (once it is idle).
    const homeAskedFrom: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/app/home/start") homeAskedFrom.push(new URL(page.url()).pathname);
    });
    await page.goto("/user");
    await expect(page).toHaveURL(/\/user\/login$/);
    await expect(page.getByTestId("login-tab-phone")).toBeVisible();
    await page.getByTestId("login-tab-email").click();
    await page.getByTestId("login-submit").click();
    await expect(page.getByText("El campo correo es requerido.")).toBeVisible();
    await page.getByTestId("login-user").fill("admin@");
    await page.getByTestId("login-pass").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await expect(page.getByText("El campo correo no es un correo válido")).toBeVisible();

    await page.getByTestId("login-user").fill(ADMIN);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(/\/app\/home\/start$/, { timeout: 15_000 });
    expect(homeAskedFrom[0]).toBe("/user/login");
    await expect(page.getByTestId("module-card-admPeriod")).toBeVisible();
    await expect(page.getByTestId("module-card-admPeriod")).toContainText("Periodos");
    await expect(page.getByTestId("header-user-name")).toContainText("Ana");
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("id_token"),
      user: localStorage.getItem("user_admin"),
      menu: localStorage.getItem("menu_items"),
      tenant: localStorage.getItem("current_tenant"),
    }));
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user!).roleCode).toBe(100);
    expect(stored.menu).toContain("admPeriod");
    expect(stored.tenant).toBeTruthy();
    expect(blocked).toEqual([]);
  });

  test("a wrong password is refused with the same message as an unknown account", async ({ page }) => {
    await page.goto("/user/login");
    await page.getByTestId("login-tab-email").click();
    await page.getByTestId("login-user").fill(TEACHER);
    await page.getByTestId("login-pass").fill("not-the-password");
    await page.getByTestId("login-submit").click();
    await expect(page.getByText("No se pudo iniciar sesión. ¿Quizás no tienes permisos?")).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login$/);
  });

  test("the admin signs in in English after switching the language on the login page", async ({ page }) => {
    await page.goto("/user/login");
    await page.getByTestId("locale-select").selectOption("en");
    await page.waitForLoadState("load");
    await expect(page.getByTestId("login-tab-email")).toHaveText(/Email/i);
    await page.getByTestId("login-tab-email").click();
    await page.getByTestId("login-user").fill(ADMIN);
    await page.getByTestId("login-pass").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(/\/app\/home\/start$/, { timeout: 15_000 });
    await expect(page.getByTestId("module-card-admPeriod")).toContainText("Periods");
    expect(await page.evaluate(() => localStorage.getItem("__current_locale"))).toBe("en");
  });
});

test.describe("routes", () => {
  test("a signed-out visitor of /app goes to the login page, and an unknown path to /error", async ({ page }) => {
    await page.goto("/app/home/start");
    await expect(page).toHaveURL(/\/user\/login$/);
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/error$/);
    await page.getByTestId("error-home").click();
    await expect(page).toHaveURL(/\/(user\/login)?$/);
  });
});
