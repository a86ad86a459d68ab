import { ADMIN, expect, expectAccessible, setTheme, signInAs, test } from "../fixtures";

/**
 * The editor's AI writing assistant on the publication form (000 §2.8, §7 "AI assist"). The e2e app runs with no AI
 * provider, as a deployment without a key does: the assistant is offered and says, in the person's language, that it
 * is not set up, and nothing in the form changes. What a configured provider answers is covered through the router
 * against the loopback OpenAI-compatible sink (server/modules/ai-assist/ai-assist.test.ts).
 */
const NOT_SET_UP = {
  es: "El asistente de IA no está configurado en esta instalación: pide al administrador que configure un proveedor de IA.",
  en: "The AI assistant is not set up for this deployment: ask the administrator to configure an AI provider.",
};

for (const c of [
  { width: 1440, height: 900, locale: "es", dark: false },
  { width: 390, height: 844, locale: "en", dark: true },
] as const) {
  test(`the writing assistant without a provider at ${c.width} px (${c.locale}, ${c.dark ? "dark" : "light"})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    await signInAs(page, ADMIN, c.locale);
    await setTheme(page, c.dark ? "dark.blue" : "light.blue");
    await page.goto("/app/admPublication");
    await page.getByTestId("toolbar-create").click();
    const sheet = page.getByTestId("form-sheet");
    await sheet.getByTestId("field-name").fill("Feria de ciencias");

    await sheet.getByTestId("ai-translate-name").click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: NOT_SET_UP[c.locale] })).toBeVisible();

    await sheet.getByTestId("ai-write-desc").click();
    const panel = page.getByTestId("ai-write-panel-desc");
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(c.width);
    await expectAccessible(page, "[data-radix-popper-content-wrapper]");
    await panel.getByRole("textbox").fill("La feria es el viernes en el patio.");
    const answered = page.waitForResponse((res) => res.url().includes("/api/admPublication/AiAssist"));
    await panel.getByTestId("ai-write-submit-desc").click();
    const res = await answered;
    expect(res.status()).toBe(422);
    expect(((await res.json()) as { msg: string }).msg).toBe(NOT_SET_UP[c.locale]);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: NOT_SET_UP[c.locale] }).first()).toBeVisible();
    // Refused: the panel stays open with what was typed, the field stays empty and the form was not saved.
    await expect(panel).toBeVisible();
    await expect(sheet.getByTestId("field-desc")).toHaveValue("");
    await expect(sheet).toBeVisible();
  });
}
