import fs from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { readXlsx } from "../../apps/web/src/test-support/read-xlsx.ts";
import { caughtMail, expect, expectAccessible, mailRecipients, rowAction, setTheme, test } from "../fixtures";

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

test("a new school registers on a phone with the PIN from WhatsApp, imports its families and reaches them", async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
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
  await expect(page.getByTestId("register-login-link")).toHaveText(new RegExp(`/user/login\\?school=${alias}$`));
  await expectAccessible(page, "[data-testid=register-done]");
  await page.getByTestId("register-launch").click();
  await expect(page).toHaveURL(/\/app\/home\/start$/, { timeout: 15_000 });
  await expect(page.getByTestId("header-user-name")).toContainText("Lucía");
  const school = await page.evaluate(async () => {
    const res = await fetch("/api/company/profile", { headers: { authorization: `Bearer ${localStorage.getItem("id_token")}` } });
    return ((await res.json()) as { data: { name: string } }).data.name;
  });
  expect(school).toBe("Colegio El Sol");

  // Its first hour: the checklist on home, and its own sign-in page with its name, for a browser that never saw it.
  await expect(page.getByTestId("first-hour")).toBeVisible();
  const stranger = await browser.newPage();
  await stranger.goto(`/user/login?school=${alias}`);
  await expect(stranger.getByTestId("auth-brand")).toHaveText("Colegio El Sol");
  await stranger.close();

  // Its year has one grade and one section (made as the checklist's steps make them; their screens are tested apart).
  const token = await page.evaluate(() => localStorage.getItem("id_token"));
  const auth = { authorization: `Bearer ${token}`, "x-locale": "es" };
  const periodId = new Date().getUTCFullYear() * 100 + 1;
  const grade = await (await page.request.post("/api/admSuperSection/create", { headers: auth, data: { periodId, name: "1.º", sort: 1 } })).json();
  const section = await (await page.request.post("/api/admSection/create", { headers: auth, data: { parentId: grade.data.ID, name: "A" } })).json();
  expect(section.status).toBe(0);

  // One spreadsheet of students and families, on the phone: two brothers who share their mother, and a girl.
  await page.goto("/app/admStudent");
  await page.getByTestId("action-familyImport").click();
  const dialog = page.getByTestId("family-import");
  const download = page.waitForEvent("download");
  await dialog.getByTestId("family-import-template").click();
  const header = (await readXlsx((await (await download).path())!))[0]!.rows[0]!.map(String);
  const mothers = [`madre-${alias}@familias.example`, `mama-${alias}@familias.example`];
  const line = (code: string, name: string, last: string, mother: number) => {
    const values: Record<string, string> = {
      "Código del alumno": `${alias}-${code}`,
      "Apellido paterno": last,
      "Apellido materno": "Soto",
      Nombres: name,
      Sexo: name === "Inés" ? "F" : "M",
      "Fecha de nacimiento": "02/05/2017",
      Grado: "1.º",
      Sección: "A",
      "Apoderado 1 nombres": mother === 0 ? "Rosa" : "Carmen",
      "Apoderado 1 apellidos": "Soto",
      "Apoderado 1 número de documento": `${mother + 7}${String(Date.now()).slice(-7)}`,
      "Apoderado 1 correo": mothers[mother]!,
      "Apoderado 1 parentesco": "madre",
      "Apoderado 1 principal": "sí",
    };
    return header.map((title) => values[title] ?? "").join(";");
  };
  const file = testInfo.outputPath("familias.csv");
  await writeFile(file, [header.join(";"), line("1", "Hugo", "Paz", 0), line("2", "Iván", "Paz", 0), line("3", "Inés", "Vera", 1)].join("\r\n"));
  await dialog.getByTestId("family-import-file").setInputFiles(file);
  await expect(dialog.getByTestId("family-import-check")).toHaveAttribute("data-state", "checked");
  await dialog.getByTestId("family-import-run").click();
  await expect(dialog.getByTestId("family-import-done")).toHaveText("Importado: 3 alumnos, 2 apoderados.");
  await dialog.getByTestId("family-import-close").click();

  // Its first notification, by e-mail to the section's families (the wizard has its own spec): both mothers get it.
  const notice = await (
    await page.request.post("/api/admNotification/create", {
      headers: auth,
      data: {
        name: "Bienvenida",
        doMail: true,
        title: "Bienvenidos a Colegio El Sol",
        body: "<p>Las clases empiezan el lunes.</p>",
        // Now, at the spec's UTC-5; urgent, so that a run in the school's quiet hours sends it too.
        sendOn: new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 16).replace("T", " "),
        urgent: true,
        sendTo: 0,
        filterBy: "sections",
        sectionIds: [section.data.ID],
      },
    })
  ).json();
  expect(notice.status, JSON.stringify(notice)).toBe(0);
  const confirmed = await (await page.request.post(`/api/admNotification/schedule/${notice.data.ID}?confirm=true`, { headers: auth })).json();
  expect(confirmed.status, JSON.stringify(confirmed)).toBe(0);
  for (const mother of mothers)
    await caughtMail((mail) => (mail.subject === "Bienvenidos a Colegio El Sol" && mailRecipients(mail).includes(mother) ? mail : null));
  await page.goto("/app/admNotification");
  await rowAction(page, "delivery", notice.data.ID);
  const sheet = page.getByTestId("notification-delivery");
  await expect(sheet.getByTestId("delivery-count-total")).toHaveText("2");
  await expect(sheet.getByTestId("delivery-count-sent")).toHaveText("2", { timeout: 30_000 });
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

// Each width in one mode and the other: together both widths and both modes.
for (const { width, height, dark } of [
  { width: 390, height: 844, dark: true },
  { width: 1440, height: 900, dark: false },
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
    // A school's own sign-in page, with its name above the tabs.
    await page.goto("/user/login?school=colegio-demo");
    await expect(page.getByTestId("auth-brand")).toHaveText("Colegio Demo");
    await page.getByTestId("login-tab-phone").click();
    await expect(page.getByTestId("login-mobile")).toBeVisible();
    await expectAccessible(page);
  });
}
