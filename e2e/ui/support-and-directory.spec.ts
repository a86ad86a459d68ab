import { ADMIN, expect, expectAccessible, signInAs, test, withDatabase, setTheme } from "../fixtures";

/**
 * The support modal and the directory's send-mail action queue their e-mails (the worker sends
 * them); the page shows what the server answered. Needs a server with e-mail configured (SMTP_URL).
 */

test.describe("messages from the shell and the directory", () => {
  test("the support sheet sends and shows the server's answer", async ({ page }) => {
    const { companyID } = await signInAs(page, ADMIN, "en");
    await withDatabase((db) => db.query(`UPDATE "Tenant" SET "supportEmail" = 'soporte@colegio.demo' WHERE id = $1`, [companyID]));
    await page.goto("/app/home/start");
    await page.getByTestId("support-open").click();
    await page.getByTestId("support-reason").selectOption("question");
    await page.getByTestId("support-summary").fill("How do I print the report cards?");
    await page.getByTestId("support-sender").fill("admin.home@example.com");
    await expectAccessible(page, "[role=dialog]");
    await page.getByTestId("support-submit").click();
    // The copy goes to the admin's own stored e-mail; the typed address is only where the school is to answer.
    await expect(page.getByText("We received your message and sent a copy to admin@pizarra.demo.")).toBeVisible();
    const rows = await withDatabase(
      async (db) =>
        (
          await db.query<{ address: string; replyTo: string | null }>(
            `SELECT address, "replyTo" FROM "Message" WHERE "tenantId" = $1 AND source = 'support' ORDER BY id DESC LIMIT 2`,
            [companyID],
          )
        ).rows,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { address: "soporte@colegio.demo", replyTo: "admin.home@example.com" },
        { address: "admin@pizarra.demo", replyTo: null },
      ]),
    );
  });

  for (const { width, dark } of [
    { width: 1280, dark: false },
    { width: 390, dark: true },
  ]) {
    test(`the directory checks two rows and sends them a mail (${width} px, ${dark ? "dark" : "light"})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const { companyID } = await signInAs(page, ADMIN, "es");
      if (dark) await setTheme(page, "dark.blue");
      await page.goto("/app/admDirectory");
      await expect(page.locator("html")).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
      const checks = page.locator("[data-testid^=grid-check-]:not([data-testid=grid-check-page])");
      await expect(checks.first()).toBeVisible();
      await checks.nth(0).click();
      await checks.nth(1).click();
      await expect(page.getByTestId("action-sendMail")).toHaveText(/Enviar correo \(2\)/);
      await page.getByTestId("action-sendMail").click();
      const dialog = page.getByTestId("directory-mail");
      await expect(dialog.getByTestId("directory-mail-bcc").locator("li").first()).toBeVisible();
      const bcc = await dialog.getByTestId("directory-mail-bcc").locator("li").allInnerTexts();
      await dialog.getByTestId("directory-mail-send").click();
      await expect(dialog.getByText("El campo Asunto es requerido.")).toBeVisible();
      const subject = `Reunión ${width} ${Date.now()}`;
      await dialog.getByTestId("directory-mail-subject").fill(subject);
      await expect(dialog.getByText("El campo Asunto es requerido.")).toBeHidden();
      await dialog.getByTestId("directory-mail-body").fill("Los esperamos el lunes a las 8.");
      // Off the buttons, so that axe judges them at rest rather than hovered.
      await page.mouse.move(0, 0);
      await expectAccessible(page, "[role=dialog]");
      await dialog.getByTestId("directory-mail-send").click();
      await expect(page.getByText(`Correo en cola para ${bcc.length} direcciones.`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("action-sendMail")).toHaveText(/^Enviar correo$/);
      const queued = await withDatabase(
        async (db) =>
          (
            await db.query<{ address: string }>(`SELECT address FROM "Message" WHERE "tenantId" = $1 AND source = 'directory' AND subject = $2`, [
              companyID,
              subject,
            ])
          ).rows,
      );
      expect(queued.map((r) => r.address).sort()).toEqual([...bcc].map((a) => a.trim()).sort());
    });
  }
});
