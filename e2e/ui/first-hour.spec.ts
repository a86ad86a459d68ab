import type { Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import path from "node:path";
import {
  apiLogin,
  baseUrl,
  caughtMail,
  expect,
  expectAccessible,
  mailRecipients,
  PASSWORD,
  rowAction,
  setTheme,
  signInAs,
  test,
  withDatabase,
} from "../fixtures";

test.skip(!process.env.TEST_DATABASE_URL || !process.env.OUTSIDE_DIR, "needs the database and the mail catcher of the server under test");

/**
 * The first hour of a school created as registration creates it (createSchool): its administrator lands on the
 * checklist, a step ticks once a section exists, and a teacher invited from the checklist gets the e-mail, chooses a
 * password through its link and is signed in (002 §2 home, 000 §2.1).
 */
const stamp = Date.now().toString(36);
const alias = `primera-hora-${stamp}`;
const adminEmail = `directora@${alias}.test`;
const teacherEmail = `teo@${alias}.test`;
const teacherPassword = "clave-de-teo-1";

test.beforeAll(() => {
  execFileSync("pnpm", ["exec", "tsx", path.resolve(import.meta.dirname, "../new-school.ts"), alias, adminEmail, PASSWORD, teacherEmail], { stdio: "pipe" });
});

/** The checklist's page is accessible, with nothing wider than the screen. */
async function checkPage(page: Page, part?: string) {
  await expectAccessible(page, ...(part ? [part] : []));
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
}

test("a new school's administrator follows the checklist and invites a teacher, who sets a password and signs in", async ({ browser }) => {
  // One person's whole first hour, two screens, light and dark, and a message through the worker.
  test.setTimeout(120_000);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-PE" });
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
  try {
    const page = await phone.newPage();
    const admin = await signInAs(page, adminEmail, "es");
    await page.goto("/app/home/start");
    const checklist = page.getByTestId("first-hour");
    await expect(checklist).toBeVisible();
    // The period came with the school; mail is configured on this server; nothing else is there yet.
    await expect(page.getByTestId("first-hour-progress")).toHaveText("2 de 9 pasos listos");
    await expect(page.getByTestId("first-hour-step-period")).toHaveAttribute("data-done", "true");
    await expect(page.getByTestId("first-hour-step-sections")).toHaveAttribute("data-done", "false");
    await expect(page.getByTestId("first-hour-open-sections")).toHaveAttribute("href", "/app/admSection");
    await checkPage(page, "[data-testid=first-hour]");
    await setTheme(page, "dark.blue");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(checklist).toBeVisible();
    await checkPage(page, "[data-testid=first-hour]");

    // A grade and a section of the current year appear: the checklist ticks when the window is looked at again.
    const auth = { authorization: `Bearer ${admin.token}`, "x-locale": "es" };
    const periodId = new Date().getUTCFullYear() * 100 + 1;
    const grade = await (await page.request.post("/api/admSuperSection/create", { headers: auth, data: { periodId, name: "1.º", sort: 1 } })).json();
    expect(grade.status).toBe(0);
    const section = await (await page.request.post("/api/admSection/create", { headers: auth, data: { parentId: grade.data.ID, name: "A" } })).json();
    expect(section.status).toBe(0);
    // What the browser fires when the person comes back to the tab (TanStack Query listens on the window).
    await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    await expect(page.getByTestId("first-hour-step-sections")).toHaveAttribute("data-done", "true");
    await expect(page.getByTestId("first-hour-count-sections")).toHaveText("1 sección");
    await expect(page.getByTestId("first-hour-progress")).toHaveText("4 de 9 pasos listos");

    // The teacher is invited from the checklist; the e-mail goes through the ledger and the worker to the catcher.
    await page.getByTestId("first-hour-invite-who").selectOption({ label: "Profesor Teo" });
    await page.getByTestId("first-hour-invite").click();
    await expect(page.getByText("Invitación enviada a Teo.")).toBeVisible();
    await expect(page.getByTestId("first-hour-step-staffInvited")).toHaveAttribute("data-done", "true");
    const link = await caughtMail((mail) => {
      const found = /(https?:\/\/\S+\/user\/invite\/[\w.-]+)/.exec(mail.text ?? "");
      return found && mailRecipients(mail).includes(teacherEmail) ? found[1]! : null;
    }, 60_000);
    expect(new URL(link).origin).toBe(new URL(baseUrl()).origin);

    // The link on a desktop whose reader chose English (the page's language switch keeps it in this cookie): the page
    // greets the teacher; light and dark are accessible.
    await desk.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseUrl() }]);
    const deskPage = await desk.newPage();
    await deskPage.goto(link);
    const invite = deskPage.getByTestId("invite-page");
    await expect(invite.getByRole("heading", { level: 1 })).toHaveText("Welcome to Colegio Primera Hora");
    await expect(deskPage.getByTestId("invite-greeting")).toContainText("Teo Profesor");
    await expect(deskPage.getByTestId("invite-email")).toHaveValue(teacherEmail);
    await checkPage(deskPage);
    await desk.addCookies([{ name: "theme_color", value: "dark.blue", url: baseUrl() }]);
    await deskPage.reload();
    await expect(deskPage.locator("html")).toHaveClass(/\bdark\b/);
    await expect(invite).toBeVisible();
    await checkPage(deskPage);

    // On the phone: a short password is refused where it was typed; a good one signs the teacher in.
    const teacherPage = await phone.newPage();
    await teacherPage.goto(link);
    await expect(teacherPage.getByTestId("invite-page")).toBeVisible();
    await checkPage(teacherPage);
    await teacherPage.getByTestId("invite-password").fill("corta");
    await teacherPage.getByTestId("invite-confirm").fill("corta");
    await teacherPage.getByTestId("invite-submit").click();
    await expect(teacherPage.getByText("Contraseña no debe ser menor a 8 caracteres.")).toBeVisible();
    await checkPage(teacherPage);
    await teacherPage.getByTestId("invite-password").fill(teacherPassword);
    await teacherPage.getByTestId("invite-confirm").fill(teacherPassword);
    await teacherPage.getByTestId("invite-submit").click();
    await expect(teacherPage).toHaveURL(/\/app\/home/);
    await expect(teacherPage.getByRole("heading", { level: 1, name: "Hola, Teo Profesor" })).toBeVisible();

    // Used once: the link now says so, and the chosen password signs in.
    await deskPage.reload();
    await expect(deskPage.getByTestId("invite-refused")).toContainText("This invitation was already used.");
    await checkPage(deskPage);
    const res = await deskPage.request.post("/api/admStaff/login?adm=true", { data: { ext: "", user: teacherEmail, pass: teacherPassword } });
    expect((await res.json()).status).toBe(0);
    // The administrator's sign-in still works, and on a desktop, in English, dark then light, the checklist shows
    // the invited teacher.
    expect((await apiLogin(page.request, adminEmail)).companyID).toBe(admin.companyID);
    const adminDesk = await desk.newPage();
    await signInAs(adminDesk, adminEmail, "en");
    await adminDesk.goto("/app/home/start");
    await expect(adminDesk.getByTestId("first-hour-progress")).toHaveText("5 of 9 steps done");
    await expect(adminDesk.getByTestId("first-hour-count-staffInvited")).toHaveText("1 person invited");
    await checkPage(adminDesk, "[data-testid=first-hour]");
    await setTheme(adminDesk, "light.blue");
    await adminDesk.reload();
    await expect(adminDesk.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(adminDesk.getByTestId("first-hour")).toBeVisible();
    await checkPage(adminDesk, "[data-testid=first-hour]");

    // From the staff list's row action: the teacher, who now has a password, is told to sign in, without a link.
    const teoId = await withDatabase(async (db) => (await db.query<{ id: number }>(`SELECT id FROM "User" WHERE mail = $1`, [teacherEmail])).rows[0]!.id);
    await adminDesk.goto("/app/admStaff");
    await rowAction(adminDesk, "invite", teoId);
    await expect(adminDesk.getByRole("dialog")).toContainText("Sends them a link by e-mail");
    await adminDesk.getByTestId("action-submit").click();
    await expect(adminDesk.getByText("Invitation sent to Teo.")).toBeVisible();
    const notice = await caughtMail((mail) => (mailRecipients(mail).includes(teacherEmail) && mail.subject?.includes("le dio acceso") ? mail : null), 60_000);
    expect(notice.text).toContain("/user/login");
    expect(notice.text).not.toContain("/user/invite/");
  } finally {
    await phone.close();
    await desk.close();
  }
});
