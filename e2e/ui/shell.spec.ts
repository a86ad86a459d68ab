import { ADMIN, expect, SECRETARY, signInAs, test, TEACHER } from "../fixtures";

test.describe("the shell", () => {
  test("the admin opens a menu, a module, switches language and signs out, which ends the session on the server too", async ({ page }) => {
    const { token } = await signInAs(page, ADMIN, "es");
    await page.goto("/app");
    await expect(page).toHaveURL(/\/app\/home\/start$/);
    await expect(page.getByTestId("header-user-tag")).toHaveText("Admin");

    const sidebar = page.getByTestId("sidebar");
    await sidebar.getByTestId("menu-item-menuAcademic").click();
    await sidebar.getByTestId("menu-item-menuStructure").click();
    await sidebar.getByTestId("menu-item-admSection").click();
    await expect(page).toHaveURL(/\/app\/admSection$/);
    await expect(page.getByTestId("module-title")).toHaveText("Secciones");

    await page.getByTestId("locale-select").selectOption("en");
    await expect(page.getByTestId("module-title")).toHaveText("Sections", { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem("__current_locale"))).toBe("en");

    await page.getByTestId("user-menu").click();
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/user\/login$/);
    const kept = await page.evaluate(() => ({ token: localStorage.getItem("id_token"), locale: localStorage.getItem("__current_locale") }));
    expect(kept).toEqual({ token: null, locale: "en" });
    // Signing out ends the session on the server: a copy of the token (another tab, a stolen one) no longer works.
    await expect
      .poll(async () => (await page.request.get("/api/admStaff/loginToken", { headers: { authorization: `Bearer ${token}` } })).status(), { timeout: 10_000 })
      .toBe(401);
  });

  test("the teacher does not see the administrators' modules and is refused them by address", async ({ page }) => {
    await signInAs(page, TEACHER, "es");
    await page.goto("/app/home/start");
    await expect(page.getByTestId("module-card-admGrades")).toBeVisible();
    await expect(page.getByTestId("module-card-admModule")).toHaveCount(0);
    await expect(page.getByTestId("module-card-admStaff")).toHaveCount(0);
    await expect(page.getByTestId("tenant-select")).toHaveCount(0);

    await page.goto("/app/admModule");
    await expect(page.getByTestId("no-permission")).toContainText("No tienes permiso para acceder a este módulo");
    await expect(page.getByText("No autorizado")).toBeVisible();

    await page.goto("/app/notAModule");
    await expect(page).toHaveURL(/\/error$/);
  });

  test("the support modal validates with the spec's messages", async ({ page }) => {
    await signInAs(page, SECRETARY, "en");
    await page.goto("/app/home/start");
    await page.getByTestId("support-open").click();
    await page.getByTestId("support-submit").click();
    await expect(page.getByText("Please select a reason and enter a summary")).toBeVisible();
  });

  test("theme colour and dark mode are remembered across a reload", async ({ page }) => {
    await signInAs(page, SECRETARY, "es");
    await page.goto("/app/home/start");
    await page.getByTestId("theme-light.green").click();
    await page.waitForFunction(() => localStorage.getItem("__theme_color") === "light.green");
    await page.waitForLoadState("load");
    await expect(page.locator("html")).toHaveAttribute("data-theme", /green/, { timeout: 10_000 });
    await page.getByTestId("dark-toggle").click();
    await page.waitForFunction(() => localStorage.getItem("__theme_color")?.startsWith("dark."));
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/, { timeout: 10_000 });
  });

  test("the admin switches school with the tenant selector and gets that school's session", async ({ page }) => {
    const first = await signInAs(page, ADMIN, "es");
    await page.goto("/app/home/start");
    const select = page.getByTestId("tenant-select");
    await expect(select.locator("option")).toHaveCount(3);
    const other = await select
      .locator("option")
      .evaluateAll((options, current) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== "" && v !== String(current)), first.companyID);
    await select.selectOption(other!);
    await page.waitForFunction((id) => localStorage.getItem("current_tenant") === id, other!, { timeout: 15_000 });
    await expect(page).toHaveURL(/\/app\/home\/start$/);
    const token = await page.evaluate(() => localStorage.getItem("id_token"));
    const claims = JSON.parse(Buffer.from(token!.split(".")[1]!, "base64url").toString());
    expect(String(claims.tid)).toBe(other);

    // Back to the first school, so that other tests find the admin where they expect.
    await page.getByTestId("tenant-select").selectOption(String(first.companyID));
    await page.waitForFunction((id) => localStorage.getItem("current_tenant") === id, String(first.companyID), { timeout: 15_000 });
  });
});
