import type { Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, rowAction, setTheme, signInAs, test } from "../fixtures";

/**
 * Nothing typed is lost by a stray click: a drawer, dialog or wizard holding unsaved changes asks "keep editing /
 * discard" before it closes, whichever way it is closed (a click outside, Escape, the X, its Close button, the
 * browser's Back) and before the page is left; a clean one closes at once.
 */

const CASES = [
  { width: 1440, height: 900, locale: "es", dark: false, title: "¿Descartar los cambios?", keep: "Seguir editando" },
  { width: 390, height: 844, locale: "en", dark: true, title: "Discard your changes?", keep: "Keep editing" },
] as const;

const guard = (page: Page) => page.getByTestId("close-guard");

for (const c of CASES) {
  test.describe(`at ${c.width} px (${c.locale}, ${c.dark ? "dark" : "light"})`, () => {
    test.beforeEach(async ({ page }) => {
      // Long walks through several ways out; the shared test machine runs them slowly.
      test.setTimeout(90_000);
      await page.setViewportSize({ width: c.width, height: c.height });
      await signInAs(page, ADMIN, c.locale);
      await setTheme(page, c.dark ? "dark.blue" : "light.blue");
    });

    test("an edit drawer asks before losing what was typed, and a clean one closes at once", async ({ page }) => {
      await page.goto("/app/admPeriod");
      await expect(page.getByTestId("grid-row-202601")).toBeVisible();
      const sheet = page.getByTestId("form-sheet");

      // Clean: Escape closes without a word.
      await page.getByTestId("toolbar-create").click();
      await expect(sheet).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      await expect(guard(page)).toHaveCount(0);

      await page.getByTestId("toolbar-create").click();
      await page.getByTestId("field-name").fill("Borrador sin guardar");

      // A click outside the drawer (on a phone it fills the screen: its X instead) asks; keeping keeps the text.
      if (c.width > 640) await page.mouse.click(10, c.height / 2);
      else await sheet.locator('[data-slot="sheet-close"]').click();
      await expect(guard(page)).toBeVisible();
      await expect(guard(page)).toContainText(c.title);
      await expect(guard(page).getByTestId("close-guard-keep")).toBeFocused();
      await expectAccessible(page, '[data-testid="close-guard"]');
      await guard(page).getByTestId("close-guard-keep").click();
      await expect(guard(page)).toBeHidden();
      await expect(sheet).toBeVisible();
      await expect(page.getByTestId("field-name")).toHaveValue("Borrador sin guardar");

      // Escape asks; Escape again answers "keep editing".
      await page.getByTestId("field-name").focus();
      await page.keyboard.press("Escape");
      await expect(guard(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(guard(page)).toBeHidden();
      await expect(page.getByTestId("field-name")).toHaveValue("Borrador sin guardar");

      // The browser's Back asks too, and the drawer keeps its place in the history.
      await page.goBack();
      await expect(guard(page)).toBeVisible();
      await expect(sheet).toBeVisible();
      await guard(page).getByRole("button", { name: c.keep }).click();
      await expect(page).toHaveURL(/#modalId=admPeriod-new$/);

      // Leaving the page asks the browser's own question.
      const question = page.waitForEvent("dialog");
      await page.close({ runBeforeUnload: true });
      const dialog = await question;
      expect(dialog.type()).toBe("beforeunload");
      await dialog.dismiss();
      await expect(sheet).toBeVisible();

      // The Close button asks; discarding closes, and the next form starts empty.
      await page.getByTestId("form-close").click();
      await guard(page).getByTestId("close-guard-discard").click();
      await expect(sheet).toBeHidden();
      await expect(page).not.toHaveURL(/#modalId=/);
      await page.getByTestId("toolbar-create").click();
      await expect(page.getByTestId("field-name")).toHaveValue("");
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();

      // Back on a changed record discards once the person says so.
      await page.getByTestId("row-edit-202601").click();
      await expect(sheet).toHaveAttribute("data-mode", "edit");
      const stored = await page.getByTestId("field-name").inputValue();
      await page.getByTestId("field-name").fill(`${stored} (cambio)`);
      await page.goBack();
      await guard(page).getByTestId("close-guard-discard").click();
      await expect(sheet).toBeHidden();
      await expect(page.getByTestId("grid-row-202601")).toContainText(stored);
      await expect(page.getByTestId("grid-row-202601")).not.toContainText("(cambio)");
    });

    test("an action's dialog and the notification wizard ask too", async ({ page }) => {
      await page.goto("/app/admPeriod");
      await expect(page.getByTestId("grid-row-202601")).toBeVisible();
      await rowAction(page, "clone", 202601);
      const dialog = page.getByTestId("action-dialog");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(guard(page)).toHaveCount(0);

      await rowAction(page, "clone", 202601);
      await dialog.getByTestId("field-name").fill("Copia a medias");
      // The overlay's corner, outside the dialog at either width.
      await page.mouse.click(4, 4);
      await expect(guard(page)).toBeVisible();
      await guard(page).getByTestId("close-guard-keep").click();
      await expect(dialog.getByTestId("field-name")).toHaveValue("Copia a medias");
      await dialog.getByTestId("action-cancel").click();
      await expect(guard(page)).toBeVisible();
      await guard(page).getByTestId("close-guard-discard").click();
      await expect(dialog).toBeHidden();

      await page.goto("/app/admNotification");
      await page.getByTestId("action-wizard").click();
      const wizard = page.getByTestId("notification-wizard");
      await expect(wizard).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(wizard).toBeHidden();
      await expect(guard(page)).toHaveCount(0);

      await page.getByTestId("action-wizard").click();
      await wizard.getByTestId("field-name").fill("Aviso a medias");
      await page.keyboard.press("Escape");
      await expect(guard(page)).toBeVisible();
      await expectAccessible(page, '[data-testid="close-guard"]');
      await guard(page).getByTestId("close-guard-keep").click();
      await expect(wizard.getByTestId("field-name")).toHaveValue("Aviso a medias");
      await wizard.getByTestId("wizard-back").click();
      await guard(page).getByTestId("close-guard-discard").click();
      await expect(wizard).toBeHidden();
      await page.getByTestId("action-wizard").click();
      await expect(wizard.getByTestId("field-name")).toHaveValue("");
    });
  });
}
