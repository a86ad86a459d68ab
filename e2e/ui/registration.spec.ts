import fs from "node:fs";
import path from "node:path";
import { expect, expectAccessible, setTheme, test } from "../fixtures";

test.skip(!process.env.OUTSIDE_DIR, "needs the WhatsApp stand-in of the server under test");

/**
 * A school registers itself at /user/register on a phone (002 §2, §4), and an administrator signs in with a PIN on the
 * login's phone tab (000 §2.3, §4): each PIN is read from what the WhatsApp stand-in received (OUTSIDE_DIR/whatsapp/
 * whatsapp.jsonl), as the person reads it on their phone.
 */
async function pinSentTo(phone: string, after: number): Promise<string> {
  const journal = path.join(process.env.OUTSIDE_DIR!, "whatsapp/whatsapp.jsonl");
  let pin: string | undefined;
  await expect
    .poll(
      () => {
        const lines = fs.existsSync(journal) ? fs.readFileSync(journal, "utf8").trim().split("\n").filter(Boolean) : [];
        const sent = lines
          .slice(after)
          .map((line) => JSON.parse(line) as { to: string; template: { name: string; params: string[] } | null })
          .filter((m) => m.to === phone && m.template?.name === "pizarra_pin");
        pin = sent.at(-1)?.template?.params[0];
        return pin;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toMatch(/^\d{6}$/);
  return pin!;
}
const journalLength = () => {
  const journal = path.join(process.env.OUTSIDE_DIR!, "whatsapp/whatsapp.jsonl");
  return fs.existsSync(journal) ? fs.readFileSync(journal, "utf8").trim().split("\n").filter(Boolean).length : 0;
};

test("a new school registers on a phone with the PIN from WhatsApp and lands on its home", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const mobile = `9${String(Date.now()).slice(-8)}`;
  const alias = `sol-${Date.now().toString(36)}`;
  await page.goto("/user/register");
  await expect(page.getByRole("heading", { name: "Registra tu colegio" })).toBeVisible();
  // The PIN field appears only once a PIN was sent (000 §4).
  await expect(page.getByTestId("register-pin")).toHaveCount(0);
  await page.getByTestId("register-country").selectOption("PE");
  await page.getByTestId("register-mobile").fill(mobile);
  const before = journalLength();
  await page.getByTestId("register-phone-submit").click();
  await expect(page.getByTestId("register-pin")).toBeVisible();
  await expect(page.getByTestId("register-resend-wait")).toContainText("Puedes pedir un PIN nuevo en");
  const pin = await pinSentTo(`+51${mobile}`, before);

  await page.getByTestId("register-pin").fill(pin === "000000" ? "000001" : "000000");
  await page.getByTestId("register-phone-submit").click();
  await expect(page.locator("#register-pin-error")).toHaveText("El PIN no es correcto.");
  await page.getByTestId("register-pin").fill(pin);
  await page.getByTestId("register-phone-submit").click();
  await expect(page.getByTestId("register-verified")).toContainText(`+51${mobile}`);
  // The page's card (a toast fading in is no part of it).
  await expectAccessible(page, "main");

  await page.getByTestId("register-submit").click();
  await expect(page.locator("#register-name-error")).toHaveText("El campo nombre de la empresa es requerido.");
  await page.getByTestId("register-name").fill("Colegio El Sol");
  await page.getByTestId("register-email").fill(`direccion-${alias}@elsol.example`);
  await page.getByTestId("register-cel").fill("987654321");
  await page.getByTestId("register-alias").fill("colegio-demo");
  await page.getByTestId("register-adminName").fill("Lucía");
  await page.getByTestId("register-adminLast").fill("Mendoza");
  await page.getByTestId("register-password").fill("clave2026");
  await page.getByTestId("register-submit").click();
  await expect(page.locator("#register-alias-error")).toHaveText("Este alias ya está en uso");
  await page.getByTestId("register-alias").fill(alias);
  await page.getByTestId("register-submit").click();

  const done = page.getByTestId("register-done");
  await expect(done).toContainText("Colegio El Sol");
  await expectAccessible(page, "[data-testid=register-done]");
  await page.getByTestId("register-launch").click();
  await expect(page).toHaveURL(/\/app\/home\/start$/, { timeout: 15_000 });
  await expect(page.getByTestId("header-user-name")).toContainText("Lucía");
  const school = await page.evaluate(async () => {
    const res = await fetch("/api/company/profile", { headers: { authorization: `Bearer ${localStorage.getItem("id_token")}` } });
    return ((await res.json()) as { data: { name: string } }).data.name;
  });
  expect(school).toBe("Colegio El Sol");
});

test("an administrator signs in on the phone tab with the PIN from WhatsApp", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/user/login");
  await page.getByTestId("login-tab-phone").click();
  await page.getByTestId("login-country").selectOption("PE");
  await page.getByTestId("login-mobile").fill("987000001");
  await expect(page.getByTestId("login-pin")).toHaveCount(0);
  const before = journalLength();
  await page.getByTestId("login-phone-submit").click();
  await expect(page.getByText("Si el número pertenece a una cuenta, le enviamos un PIN por WhatsApp.")).toBeVisible();
  await expect(page.getByTestId("login-pin")).toBeVisible();
  await expect(page.getByTestId("login-resend-wait")).toBeVisible();
  const pin = await pinSentTo("+51987000001", before);
  await page.getByTestId("login-pin").fill(pin);
  await page.getByTestId("login-phone-submit").click();
  await expect(page).toHaveURL(/\/app\/home\/start$/, { timeout: 15_000 });
  await expect(page.getByTestId("header-user-name")).toContainText("Ana");
});

for (const { width, height, dark } of [
  { width: 390, height: 844, dark: false },
  { width: 390, height: 844, dark: true },
  { width: 1440, height: 900, dark: false },
  { width: 1440, height: 900, dark: true },
]) {
  test(`the register page and the phone tab pass axe at ${width} px, ${dark ? "dark" : "light"}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/user/login");
    await setTheme(page, dark ? "dark.blue" : "light.blue");
    await page.goto("/user/register");
    await expect(page.getByTestId("register-mobile")).toBeVisible();
    // Clicked again until the page has hydrated: before that the form is still the server's HTML.
    await expect(async () => {
      await page.getByTestId("register-phone-submit").click();
      await expect(page.locator("#register-mobile-error")).toHaveText("El campo celular es requerido.", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // Away from the button just clicked: axe reads the page as it rests, not a hovered button's shade.
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await page.goto("/user/login");
    await page.getByTestId("login-tab-phone").click();
    await expect(page.getByTestId("login-mobile")).toBeVisible();
    await expectAccessible(page);
  });
}
