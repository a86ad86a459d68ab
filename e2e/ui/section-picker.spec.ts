import { ADMIN, expect, expectAccessible, setTheme, signInAs, test } from "../fixtures";

/**
 * The section picker (admSection's pick list in any form): it opens with its search box focused, lists the current
 * period's sections first, and finds a section by its whole label as shown ("3.º de primaria A 2026").
 */
for (const c of [
  { width: 1440, height: 900, locale: "es", dark: false },
  { width: 390, height: 844, locale: "en", dark: true },
] as const) {
  test(`the section picker at ${c.width} px (${c.locale}, ${c.dark ? "dark" : "light"})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    const { token } = await signInAs(page, ADMIN, c.locale);
    await setTheme(page, c.dark ? "dark.blue" : "light.blue");
    const headers = { authorization: `Bearer ${token}` };
    const periods = (await (await page.request.get("/api/admPeriod/get?PageSize=100", { headers })).json()).data.Results as {
      name: string;
      current: boolean;
    }[];
    const current = periods.find((p) => p.current)!.name;
    const picks = (await (await page.request.get("/api/admSection/get?pick=true&PageSize=100", { headers })).json()).data.Results as {
      ID: number;
      name: string;
      desc: string;
    }[];
    const section = picks[0]!;
    expect(section.desc).toBe(current);

    await page.goto("/app/admPublication");
    await page.getByTestId("toolbar-create").click();
    const sheet = page.getByTestId("form-sheet");
    await expect(sheet).toBeVisible();
    const tab = sheet.getByTestId("group-tab-audience");
    const toggle = sheet.getByTestId("group-toggle-audience");
    if (await tab.count()) await tab.click();
    else if ((await toggle.count()) && (await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();

    await sheet.getByTestId("field-sections").click();
    const search = page.getByTestId("field-sections-search");
    await expect(search).toBeFocused();
    await expect(page.getByRole("option").first()).toContainText(current);
    await page.keyboard.type(`${section.name} ${section.desc}`);
    await expect(page.getByRole("option")).toHaveCount(1);
    await expect(page.getByTestId(`option-${section.ID}`)).toBeVisible();
    await expectAccessible(page, "[data-radix-popper-content-wrapper]");
  });
}
