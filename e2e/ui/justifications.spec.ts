import {
  ADMIN,
  alertingType,
  apiCall,
  apiLogin,
  baseUrl,
  caughtMail,
  expect,
  expectAccessible,
  mailRecipients,
  schoolToday,
  signInAs,
  test,
  withDatabase,
  setTheme,
} from "../fixtures";

/**
 * The whole loop of an absence: a student marked absent with a type that alerts the family, the alert's
 * e-mail in the SMTP catcher, its link opened on a phone without an account, the justification sent with a photo, the
 * card in the office's list accepted, and the student's mark justified. Needs the worker and e-mail (SMTP_URL).
 */

/** A 1×1 PNG: a real image, as the server checks the content of what it is sent. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const ABSENT = 3;
const today = schoolToday;
const call = apiCall;
type Page_<T> = { Results: T[] };

interface Pupil {
  sectionId: number;
  studentId: number;
  name: string;
  mails: string[];
}

/**
 * A student of a section of this school year with (at least `guardians`) living guardians and nothing justified today;
 * their guardians are given an e-mail and no mobile, so that the alert goes by e-mail (WhatsApp comes first when there
 * is a number).
 */
async function pupil(tenantId: number, guardians = 1): Promise<Pupil> {
  return withDatabase(async (db) => {
    const found = await db.query<{ sectionId: number; studentId: number; name: string }>(
      `SELECT sm."sectionId", u.id AS "studentId", concat_ws(' ', u.name, u.last) AS name
         FROM "SectionMember" sm
         JOIN "Section" s ON s.id = sm."sectionId"
         JOIN "SuperSection" ss ON ss.id = s."superSectionId"
         JOIN "Period" p ON p."tenantId" = ss."tenantId" AND p.id = ss."periodId" AND p."from" <= $2::date AND p."to" >= $2::date AND NOT p.closed
         JOIN "User" u ON u.id = sm."userId" AND u.type = 2 AND NOT u.inactive
        WHERE sm."tenantId" = $1
          AND (SELECT count(*) FROM "Kinship" k JOIN "User" r ON r.id = k."relativeId" AND NOT r.rip AND NOT r.inactive
                WHERE k."studentId" = u.id AND k."userKind" IN (0, 1)) >= $3
          AND NOT EXISTS (SELECT 1 FROM "Justification" j WHERE j."userId" = u.id AND j.date <= $2::date AND j."tillDate" >= $2::date)
        ORDER BY u.id LIMIT 1`,
      [tenantId, today(), guardians],
    );
    const row = found.rows[0];
    expect(row, "a student with a guardian in this school year").toBeTruthy();
    const mails = await db.query<{ mail: string }>(
      `UPDATE "User" SET cel = NULL, mail = COALESCE(NULLIF(mail, ''), 'familia' || id || '@pizarra.demo')
        WHERE id IN (SELECT "relativeId" FROM "Kinship" WHERE "studentId" = $1) AND NOT rip AND NOT inactive RETURNING mail`,
      [row!.studentId],
    );
    return { ...row!, mails: mails.rows.map((m) => m.mail.toLowerCase()) };
  });
}

/** The link of the alert e-mail that reached one of these addresses, once the worker has sent it. */
const alertLink = (mails: string[]): Promise<string> =>
  caughtMail((mail) => {
    const found = /https?:\/\/\S+?\/justify\/[A-Za-z0-9._~-]+/.exec(mail.text ?? "");
    return found && mailRecipients(mail).some((address) => mails.includes(address)) ? found[0] : null;
  });

test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL, the database the server under test uses");

test("an absence alert's link is justified by the family on a phone and accepted by the office", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, ADMIN);
  const typeId = await alertingType(request, admin.token, ABSENT);
  const who = await pupil(admin.companyID);

  // The section's register of today, started, and the student marked present and then absent: a change the alert follows.
  const [register] = await call<{ ID: number }[]>(request, admin.token, "GET", `admAttendance/0/sessions?dt=${today()}&sectionId=${who.sectionId}`);
  expect(register).toBeTruthy();
  await call(request, admin.token, "POST", `admAttendance/session/${register!.ID}/init`);
  await call(request, admin.token, "POST", `admAttendance/session/${register!.ID}/status`, [{ userId: who.studentId, status: 1 }]);
  const saved = await call<{ rows: { id: number; status: number; typeId: number | null }[] }>(
    request,
    admin.token,
    "POST",
    `admAttendance/session/${register!.ID}/status`,
    [{ userId: who.studentId, status: ABSENT }],
  );
  expect(saved.rows.find((r) => r.id === who.studentId)).toMatchObject({ status: ABSENT, typeId });

  const link = await alertLink(who.mails);
  expect(new URL(link).origin).toBe(new URL(baseUrl()).origin);

  // The family: a fresh phone, no account, a browser in English.
  const family = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
  const phone = await family.newPage();
  await phone.goto(link);
  await expect(phone.getByTestId("justify-form")).toBeVisible();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Justify an absence");
  await expect(phone.locator("html")).toHaveAttribute("lang", "en");
  await expectAccessible(phone);
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(wide).toBe(false);

  // Nothing chosen: the form says what is missing and sends nothing.
  await phone.getByTestId("justify-send").click();
  await expect(phone.getByText("The Reason field is required.")).toBeVisible();
  await expect(phone.getByText("The Note for the school field is required.")).toBeVisible();

  // Dark, as the family's phone may be.
  await family.addCookies([{ name: "theme_color", value: "dark.blue", url: baseUrl() }]);
  await phone.reload();
  await expect(phone.locator("html")).toHaveClass(/\bdark\b/);
  await expect(phone.getByTestId("justify-form")).toBeVisible();
  await expectAccessible(phone);

  await phone.getByTestId("justify-reason-Salud").click();
  await phone.getByTestId("justify-note").fill("Tuvo fiebre y se quedó en casa.");
  await phone.getByTestId("justify-file").setInputFiles({ name: "nota-medica.png", mimeType: "image/png", buffer: PNG });
  await expect(phone.getByTestId("justify-file-chosen")).toContainText("nota-medica.png");
  await phone.getByTestId("justify-send").click();
  await expect(phone.getByTestId("justify-sent")).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByTestId("justify-sent-status")).toHaveText("Waiting for review");
  await expectAccessible(phone);
  // The link remembers what was sent through it.
  await phone.reload();
  await expect(phone.getByTestId("justify-sent-status")).toHaveText("Waiting for review");
  await expect(phone.getByTestId("justify-form")).toHaveCount(0);
  await family.close();

  // The office: the card is in the list, pending, sent through the family's link, with the photo.
  const list = await call<Page_<{ ID: number; userId: number; via: string; status: number }>>(
    request,
    admin.token,
    "GET",
    `admJustification/get?PageSize=10000&from=${today()}&to=${today()}&justify=1`,
  );
  const mine = list.Results.find((j) => j.userId === who.studentId && j.via === "link");
  expect(mine).toBeTruthy();
  const id = mine!.ID;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, ADMIN, "es");
  await page.goto("/app/admJustification");
  const card = page.getByTestId(`justification-card-${id}`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`justification-status-${id}`)).toHaveText("Pendiente");
  await expect(page.getByTestId(`justification-via-link-${id}`)).toBeVisible();
  await expect(page.getByTestId(`justification-doc-${id}`)).toHaveAttribute("target", "_blank");
  await expect(page.getByTestId(`justification-deny-${id}`)).toBeEnabled();
  await expect(page.getByTestId("justification-chart").locator("svg")).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page, "[data-testid=justification-screen]");

  await page.getByTestId(`justification-accept-${id}`).click();
  await page.getByTestId(`justification-accept-type-${id}`).selectOption(String(typeId));
  await page.getByTestId(`justification-accept-confirm-${id}`).click();
  await expect(page.getByTestId(`justification-status-${id}`)).toHaveText("Aceptada");
  await expect(page.getByTestId(`justification-accept-${id}`)).toBeDisabled();
  await expect(page.getByTestId(`justification-deny-${id}`)).toBeEnabled();

  // The mark it covers is justified (001 §4: justification 2 accepted).
  const marks = await call<{ rows: { id: number; status: number; justifType: number }[] }>(
    request,
    admin.token,
    "GET",
    `admAttendance/0/sessions/${register!.ID}/list`,
  );
  expect(marks.rows.find((r) => r.id === who.studentId)).toMatchObject({ status: ABSENT, justifType: 2 });
});

const LATE = 2;

/** The alert e-mail that reached this address, once the worker has sent it: its text and its link. */
const alertTo = (address: string) =>
  caughtMail((mail) => {
    const found = /https?:\/\/\S+?\/justify\/[A-Za-z0-9._~-]+/.exec(mail.text ?? "");
    return found && mailRecipients(mail).includes(address) ? { link: found[0], text: mail.text ?? "", subject: mail.subject ?? "" } : null;
  });

test("a late arrival is told as one; the family's page names it in the school's colour; the other guardian's link shows it done; the register shows it excused", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await apiLogin(request, ADMIN);
  await alertingType(request, admin.token, LATE);
  const who = await pupil(admin.companyID, 2);
  const [first, second] = who.mails;
  expect(second, "two guardians with their own e-mail").toBeTruthy();
  // A colour of the school's own; no quiet hours, so that the office's answer (not urgent) goes whatever the hour.
  const before = await withDatabase(async (db) => {
    const { rows } = await db.query<{ themeColor: string; quietFrom: number | null; quietTo: number | null }>(
      `SELECT "themeColor", "quietFrom", "quietTo" FROM "Tenant" WHERE id = $1`,
      [admin.companyID],
    );
    await db.query(`UPDATE "Tenant" SET "themeColor" = 'light.purple', "quietFrom" = NULL, "quietTo" = NULL WHERE id = $1`, [admin.companyID]);
    return rows[0]!;
  });
  try {
    const [register] = await call<{ ID: number }[]>(request, admin.token, "GET", `admAttendance/0/sessions?dt=${today()}&sectionId=${who.sectionId}`);
    await call(request, admin.token, "POST", `admAttendance/session/${register!.ID}/init`);
    await call(request, admin.token, "POST", `admAttendance/session/${register!.ID}/status`, [{ userId: who.studentId, status: LATE }]);

    // Both guardians are told, each with their own link, of a late arrival: not of an absence.
    const [mineMail, theirsMail] = await Promise.all([alertTo(first!), alertTo(second!)]);
    for (const mail of [mineMail, theirsMail]) {
      expect(`${mail.subject}\n${mail.text}`).toMatch(/llegó tarde|arrived late/);
      expect(mail.text).not.toMatch(/no asistió|was absent/);
    }

    // One guardian on a phone, in English: the page names what happened, in the school's colour.
    const family = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
    const phone = await family.newPage();
    await phone.goto(mineMail.link);
    await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Justify a late arrival");
    await expect(phone.getByTestId("justify-happened")).toHaveText("Arrived late");
    await expect(phone.getByTestId("justify-note")).toHaveAttribute("placeholder", /appointment/);
    await expect(phone.locator("html")).toHaveAttribute("data-theme", "light.purple");
    await expectAccessible(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
    await phone.getByTestId("justify-reason-Personal").click();
    await phone.getByTestId("justify-note").fill("Tuvo una cita con el dentista a primera hora.");
    await phone.getByTestId("justify-send").click();
    await expect(phone.getByTestId("justify-sent")).toBeVisible({ timeout: 15_000 });
    await family.close();

    // The other guardian, at a desk, in Spanish: what the family sent, not an empty form.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "es-ES" });
    const other = await desk.newPage();
    await other.goto(theirsMail.link);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Justificar una tardanza");
    await expect(other.getByTestId("justify-sent")).toContainText("Otro apoderado ya envió una justificación de estos días");
    await expect(other.getByTestId("justify-sent-status")).toHaveText("Pendiente de revisión");
    await expect(other.getByTestId("justify-form")).toHaveCount(0);
    await expectAccessible(other);
    await desk.close();

    // The office accepts it: by default as what accepting a late arrival means, an excused one.
    const list = await call<Page_<{ ID: number; userId: number; acceptAs: number | null }>>(
      request,
      admin.token,
      "GET",
      `admJustification/get?PageSize=10000&from=${today()}&to=${today()}&justify=1`,
    );
    const card = list.Results.find((j) => j.userId === who.studentId);
    expect(card?.acceptAs, "an excused late arrival type").toBeTruthy();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, ADMIN, "es");
    await page.goto("/app/admJustification");
    await page.getByTestId(`justification-accept-${card!.ID}`).click();
    await expect(page.getByTestId(`justification-accept-type-${card!.ID}`)).toHaveValue(String(card!.acceptAs));
    await page.getByTestId(`justification-accept-confirm-${card!.ID}`).click();
    await expect(page.getByTestId(`justification-status-${card!.ID}`)).toHaveText("Aceptada");

    // The family hears of it, and the office's register shows the late mark excused.
    await caughtMail((mail) => (mailRecipients(mail).includes(first!) && /aceptó la justificación|accepted the excuse/.test(mail.text ?? "") ? true : null));
    await page.goto(`/app/admAttendanceControl?dt=${today()}&daily=1&session=${register!.ID}&part=0`);
    const chip = page.getByTestId(`register-justified-${who.studentId}`);
    await expect(chip).toHaveText("Justificada", { timeout: 30_000 });
    await expect(page.getByTestId(`register-row-${who.studentId}`)).toHaveAttribute("data-status", String(LATE));
    await expectAccessible(page, "[data-testid=register-list]");
  } finally {
    await withDatabase((db) =>
      db.query(`UPDATE "Tenant" SET "themeColor" = $2, "quietFrom" = $3, "quietTo" = $4 WHERE id = $1`, [
        admin.companyID,
        before.themeColor,
        before.quietFrom,
        before.quietTo,
      ]),
    );
  }
});

test("a tampered link gets a plain refusal in the browser's language (390 px, dark)", async ({ browser }) => {
  const family = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-PE" });
  await family.addCookies([{ name: "theme_color", value: "dark.blue", url: baseUrl() }]);
  const phone = await family.newPage();
  await phone.goto("/justify/eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwidGlkIjoxfQ.bm90LWEtcmVhbC1zaWduYXR1cmU");
  const refusal = phone.getByTestId("justify-refused");
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole("heading", { level: 1 })).toHaveText("Este enlace no es válido");
  await expect(refusal).not.toContainText(/Error:|at \w+ \(/);
  await expect(phone.locator("html")).toHaveClass(/\bdark\b/);
  await expectAccessible(phone);
  await family.close();
});

test("the office creates, denies and deletes a justification; the list on a phone (390 px, dark)", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { token } = await signInAs(page, ADMIN, "en");
  await setTheme(page, "dark.blue");
  await page.goto("/app/admJustification");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId("justification-counts")).toBeVisible();
  await expect(page.getByTestId("justification-filters-open")).toBeVisible();
  await page.getByTestId("justification-filters-open").click();
  const filters = page.getByTestId("justification-filters");
  await expect(filters.getByTestId("justification-filter-from")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(filters.getByTestId("justification-filter-to")).toHaveValue(today());
  await expect(filters.getByTestId("justification-filter-status")).toHaveValue("0");
  await expectAccessible(page, "[data-testid=justification-filters]");
  await filters.getByTestId("justification-filters-done").click();
  await expect(filters).toBeHidden();
  await page.mouse.move(0, 0);
  await expectAccessible(page, "[data-testid=justification-screen]");

  // A new one through the modal: required fields first, then grade, section and student picked, two days.
  await page.getByTestId("justification-new").click();
  const sheet = page.getByTestId("justification-sheet");
  await expect(sheet).toBeVisible();
  await sheet.getByTestId("justification-form-save").click();
  await expect(sheet.getByText("The Attendance type field is required.")).toBeVisible();
  await expect(sheet.getByText("The Student field is required.")).toBeVisible();
  await expect(sheet.getByText("The Comment field is required.")).toBeVisible();
  await expectAccessible(page, "[data-testid=justification-sheet]");
  for (const field of ["attendanceTypeId", "superSectionId", "sectionId", "userId"]) {
    await sheet.getByTestId(`field-${field}`).click();
    await page.getByRole("listbox").getByRole("option").first().click();
  }
  const student = (await sheet.getByTestId("field-userId").textContent())?.trim() ?? "";
  expect(student).not.toBe("");
  await sheet.getByTestId("field-numOfDay").selectOption("2");
  await sheet.getByTestId("field-reason").selectOption("Viaje");
  await sheet.getByTestId("field-note").fill("Viaje familiar avisado por la madre.");
  await sheet.getByTestId("justification-field-doc").setInputFiles({ name: "carta.txt", mimeType: "text/plain", buffer: Buffer.from("hola") });
  await expect(sheet.getByText("Only these file types are allowed: jpeg, jpg, png, pdf, doc, docx.")).toBeVisible();
  await sheet.getByTestId("justification-field-doc").setInputFiles({ name: "carta.png", mimeType: "image/png", buffer: PNG });
  await sheet.getByTestId("justification-form-save").click();
  await expect(sheet).toBeHidden({ timeout: 15_000 });

  const list = await call<Page_<{ ID: number; via: string; tillDate: string; date: string; docUrl: string | null; justification: string }>>(
    page.request,
    token,
    "GET",
    `admJustification/get?PageSize=10000&from=${today()}&to=${today()}`,
  );
  const created = list.Results.filter((j) => j.via === "staff" && j.justification === "Viaje").sort((a, b) => b.ID - a.ID)[0];
  expect(created).toBeTruthy();
  expect(created!.docUrl).toBeTruthy();
  const card = page.getByTestId(`justification-card-${created!.ID}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText("2 days");
  expect(Math.round((await card.boundingBox())!.width)).toBeLessThanOrEqual(390);

  // Edited: the student and the day stay, the reason changes.
  await page.getByTestId(`justification-edit-${created!.ID}`).click();
  await expect(sheet).toHaveAttribute("data-mode", "edit");
  await expect(sheet.getByTestId("justification-form-student")).toContainText(today().slice(0, 4));
  await expect(sheet.getByTestId("justification-field-doc-chosen")).toContainText("carta.png");
  await sheet.getByTestId("field-justification").selectOption("Personal");
  await sheet.getByTestId("justification-form-save").click();
  await expect(sheet).toBeHidden({ timeout: 15_000 });
  await expect(card).toContainText("Personal");

  await page.getByTestId(`justification-deny-${created!.ID}`).click();
  await expect(page.getByTestId(`justification-status-${created!.ID}`)).toHaveText("Denied");
  await expect(page.getByTestId(`justification-deny-${created!.ID}`)).toBeDisabled();

  await page.getByTestId(`justification-delete-${created!.ID}`).click();
  await page.getByTestId("justification-delete-confirm").click();
  await expect(card).toHaveCount(0);
});
