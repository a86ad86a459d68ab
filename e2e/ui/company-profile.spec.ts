import { ADMIN, expect, expectAccessible, signInAs, test, withDatabase, setTheme } from "../fixtures";

/**
 * The company profile card of the home screen (000 §2.5, §4, §6): the administrator edits the school's name and
 * quiet hours, name order, mail sender and country in its drawer, is asked whether to reload, reloads, and sees the new values on the card and in the shell.
 */

let school: number | null = null;
// The demo school is shared by every spec of the run: its name and quiet hours go back to the seed's.
test.afterAll(async () => {
  if (school !== null)
    await withDatabase((db) =>
      db.query(
        `UPDATE "Tenant" SET title = 'Colegio Demo', "quietFrom" = 1260, "quietTo" = 420, "mailFrom" = NULL, "mailFromName" = NULL,
           "defaultCountry" = 'PE', settings = settings - 'givenNamesFirst' WHERE id = $1`,
        [school],
      ),
    );
});

const CASES = [
  {
    width: 1440,
    dark: false,
    locale: "en",
    name: "Colegio Demo Norte",
    from: "22:30",
    to: "06:15",
    quiet: "22:30 to 06:15",
    question: "Would you like to reload the page to apply the changes?",
    subtitle: "These are the modules of Colegio Demo Norte.",
    zone: "Bogota (UTC−05:00) · Colombia Time",
    badSender: "The Mail sender address must be a valid email address.",
    country: "Chile",
  },
  {
    width: 390,
    dark: true,
    locale: "es",
    name: "Colegio Demo Sur",
    from: "20:00",
    to: "07:30",
    quiet: "De 20:00 a 07:30",
    question: "¿Desea recargar la página para aplicar los cambios?",
    subtitle: "Estos son los módulos de Colegio Demo Sur.",
    zone: "Bogota (UTC−05:00) · hora de Colombia",
    badSender: "El campo Dirección remitente del correo no es un correo válido",
    country: "Chile",
  },
] as const;

for (const c of CASES) {
  test(`the admin edits the company profile and reloads (${c.width} px, ${c.dark ? "dark" : "light"}, ${c.locale})`, async ({ page }) => {
    await page.setViewportSize({ width: c.width, height: 900 });
    const { companyID } = await signInAs(page, ADMIN, c.locale);
    school = companyID;
    if (c.dark) await setTheme(page, "dark.blue");
    await page.goto("/app/home/start");
    const card = page.getByTestId("company-card");
    await expect(card).toBeVisible();
    await expect(card.getByTestId("company-card-name")).toHaveText(/^Colegio Demo/);
    // The school's zone by its city and offset, in the page's language.
    await expect(card.getByTestId("company-card-time-zone")).toHaveText(c.zone);
    await page.mouse.move(0, 0);
    await expectAccessible(page, "[data-testid=company-card]");

    await card.getByTestId("company-edit").click();
    const sheet = page.getByTestId("company-sheet");
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId("company-timeZone").locator("option:checked")).toHaveText(c.zone);
    await sheet.getByTestId("company-name").fill("");
    await sheet.getByTestId("company-mailFrom").fill("avisos@");
    await sheet.getByTestId("company-save").click();
    await expect(sheet.getByText(c.locale === "en" ? "The Name field is required." : "El campo Nombre es requerido.")).toBeVisible();
    await expect(sheet.getByText(c.badSender)).toBeVisible();
    await sheet.getByTestId("company-name").fill(c.name);
    await sheet.getByTestId("company-mailFrom").fill("avisos@colegio.demo");
    await sheet.getByTestId("company-mailFromName").fill("Avisos");
    await sheet.getByTestId("company-givenNamesFirst").selectOption("true");
    await sheet.getByTestId("company-defaultCountry").selectOption({ label: c.country });
    await sheet.getByTestId("company-quietFrom").fill(c.from);
    await sheet.getByTestId("company-quietTo").fill(c.to);
    await page.mouse.move(0, 0);
    await expectAccessible(page, "[role=dialog]");
    await sheet.getByTestId("company-save").click();

    const prompt = page.getByTestId("company-reload");
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText(c.question);
    await expect(sheet).toBeHidden();
    await page.mouse.move(0, 0);
    await expectAccessible(page, "[role=dialog]");
    await Promise.all([page.waitForEvent("load"), prompt.getByTestId("company-reload-now").click()]);

    await expect(page.getByTestId("company-card-name")).toHaveText(c.name);
    await expect(page.getByTestId("company-card-quiet")).toHaveText(c.quiet);
    await expect(page.getByText(c.subtitle)).toBeVisible();
    if (c.dark) await expect(page.locator("html")).toHaveClass(/dark/);
    const stored = await withDatabase(
      async (db) =>
        (
          await db.query(
            `SELECT title, "quietFrom", "quietTo", "mailFrom", "mailFromName", "defaultCountry", settings->'givenNamesFirst' AS "givenNamesFirst"
               FROM "Tenant" WHERE id = $1`,
            [companyID],
          )
        ).rows[0],
    );
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    expect(stored).toEqual({
      title: c.name,
      quietFrom: minutes(c.from),
      quietTo: minutes(c.to),
      mailFrom: "avisos@colegio.demo",
      mailFromName: "Avisos",
      defaultCountry: "CL",
      givenNamesFirst: true,
    });
  });
}
