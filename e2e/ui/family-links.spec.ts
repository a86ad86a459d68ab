import type { Page } from "@playwright/test";
import {
  ADMIN,
  alertingType,
  apiCall,
  apiLogin,
  caughtMail,
  expect,
  expectAccessible,
  mailRecipients,
  SECRETARY,
  schoolToday,
  setTheme,
  signInAs,
  test,
  withDatabase,
} from "../fixtures";

/**
 * Family links from the student's record (001 §2-§3): the secretary opens a student, adds a new guardian in the Family
 * tab, and that guardian is told of the student's next absence (the alert's e-mail in the SMTP catcher). The Family
 * panel and its dialog pass axe on a phone in the dark theme and on a desktop in the light one. Needs the worker and
 * e-mail (SMTP_URL).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const ABSENT = 3;
const today = schoolToday;

/** A student of a section of this school year, active, with nothing justified today, the last by id (not the other specs'). */
async function student(tenantId: number): Promise<{ sectionId: number; studentId: number; externalId: string }> {
  return withDatabase(async (db) => {
    const found = await db.query<{ sectionId: number; studentId: number; externalId: string }>(
      `SELECT sm."sectionId", u.id AS "studentId", u."externalId"
         FROM "SectionMember" sm
         JOIN "Section" s ON s.id = sm."sectionId"
         JOIN "SuperSection" ss ON ss.id = s."superSectionId"
         JOIN "Period" p ON p."tenantId" = ss."tenantId" AND p.id = ss."periodId" AND p."from" <= $2::date AND p."to" >= $2::date AND NOT p.closed
         JOIN "User" u ON u.id = sm."userId" AND u.type = 2 AND NOT u.inactive AND u."externalId" IS NOT NULL
        WHERE sm."tenantId" = $1
          AND NOT EXISTS (SELECT 1 FROM "Justification" j WHERE j."userId" = u.id AND j.date <= $2::date AND j."tillDate" >= $2::date)
        ORDER BY u.id DESC LIMIT 1`,
      [tenantId, today()],
    );
    expect(found.rows[0], "a student in this school year").toBeTruthy();
    return found.rows[0]!;
  });
}

/** The student's record from the students' list, on its Family tab: the panel of links. */
async function openFamily(page: Page, externalId: string, studentId: number) {
  await page.goto("/app/admStudent");
  await page.getByTestId("search-input").fill(externalId);
  await page.getByTestId(`row-edit-${studentId}`).click();
  const sheet = page.getByTestId("form-sheet");
  await sheet.getByTestId("group-tab-family").click();
  const panel = sheet.getByTestId("family-links");
  await expect(panel).toBeVisible();
  return panel;
}

test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL, the database the server under test uses");

test("the secretary adds a new guardian in the student's Family tab, and that guardian gets the next absence alert", async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await apiLogin(request, ADMIN);
  await alertingType(request, admin.token, ABSENT);
  const who = await student(admin.companyID);
  const stamp = Date.now();
  const mail = `apoderado-${stamp}@pizarra.demo`;

  // On a phone, in the dark theme.
  await page.setViewportSize(PHONE);
  await signInAs(page, SECRETARY);
  await setTheme(page, "dark.blue");
  let panel = await openFamily(page, who.externalId, who.studentId);
  await panel.getByTestId("family-add-new").click();
  const dialog = page.getByTestId("family-link-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("field-externalId").fill(`AP-${stamp}`);
  await dialog.getByTestId("field-name").fill("Julio");
  await dialog.getByTestId("field-last").fill("Salas");
  await page.locator("#family-field-gender-M").check();
  await dialog.getByTestId("field-nationality").fill("Peruana");
  await dialog.getByTestId("field-mail").fill(mail);
  // A mobile that is no number is refused naming the field; then none is given: the alert goes by e-mail.
  await dialog.getByTestId("field-cel").fill("12345");
  await dialog.getByTestId("field-relation").selectOption("father");
  await dialog.getByTestId("family-link-save").click();
  await expect(dialog.locator("#family-field-cel-error")).toContainText("Celular");
  await expectAccessible(page, "[data-testid='family-link-dialog']");
  await dialog.getByTestId("field-cel").fill("");
  await dialog.getByTestId("family-link-save").click();
  await expect(dialog).toBeHidden();
  const link = panel.getByTestId("family-link").filter({ hasText: "Salas" });
  await expect(link).toBeVisible();
  await expect(link.getByTestId("family-link-chips")).toContainText("Padre");
  await expectAccessible(page, "[data-testid='family-links']");
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width).toBe(0);

  // On a desktop, in the light theme: the link is there, with its actions.
  await setTheme(page, "light.blue");
  await page.setViewportSize(DESKTOP);
  panel = await openFamily(page, who.externalId, who.studentId);
  await expect(panel.getByTestId("family-link").filter({ hasText: "Salas" }).getByTestId("family-edit")).toBeVisible();
  await expectAccessible(page, "[data-testid='family-links']");

  // The student's next absence: the new guardian is told by e-mail, with the link to justify it.
  const [register] = await apiCall<{ ID: number }[]>(request, admin.token, "GET", `admAttendance/0/sessions?dt=${today()}&sectionId=${who.sectionId}`);
  expect(register).toBeTruthy();
  await apiCall(request, admin.token, "POST", `admAttendance/session/${register!.ID}/init`);
  await apiCall(request, admin.token, "POST", `admAttendance/session/${register!.ID}/status`, [{ userId: who.studentId, status: 1 }]);
  await apiCall(request, admin.token, "POST", `admAttendance/session/${register!.ID}/status`, [{ userId: who.studentId, status: ABSENT }]);
  const justify = await caughtMail(
    (m) => (mailRecipients(m).includes(mail) ? /https?:\/\/\S+?\/justify\/[A-Za-z0-9._~-]+/.exec(m.text ?? "")?.[0] : null) ?? null,
  );
  expect(justify).toContain("/justify/");

  // Messages off: the link says so; then it ends, after a confirmation, and is kept as history.
  const row = panel.getByTestId("family-link").filter({ hasText: "Salas" });
  const relativeId = Number(await row.getAttribute("data-relative"));
  await row.getByTestId("family-edit").click();
  const edit = page.getByTestId("family-link-dialog");
  await edit.getByTestId("field-messages").click();
  await edit.getByTestId("family-link-save").click();
  await expect(edit).toBeHidden();
  await expect(row.getByTestId("family-link-chips")).toContainText("Sin mensajes");
  await row.getByTestId("family-end").click();
  await expect(page.getByTestId("family-end-dialog")).toBeVisible();
  await expectAccessible(page, "[data-testid='family-end-dialog']");
  await page.getByTestId("family-end-confirm").click();
  await expect(panel.locator(`[data-relative="${relativeId}"]`)).toHaveAttribute("data-ended", "true");

  // The relative's record lists the child, with the ended link, on its Children tab.
  await page.goto("/app/admRelatives");
  await page.getByTestId("search-input").fill(`AP-${stamp}`);
  await page.getByTestId(`row-edit-${relativeId}`).click();
  await page.getByTestId("form-sheet").getByTestId("group-tab-children").click();
  const children = page.getByTestId("family-children");
  await expect(children.locator(`[data-student="${who.studentId}"]`)).toContainText("Terminó el");
  await expectAccessible(page, "[data-testid='family-children']");
});
