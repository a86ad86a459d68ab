import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, rowAction, signInAs, test, withDatabase, setTheme } from "../fixtures";

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** A section of the school with at least one active child who has a guardian: its guardians can be reached. */
async function sectionWithGuardians(tenantId: number): Promise<{ id: number; name: string }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number; name: string }>(
      `SELECT s.id, s.name FROM "Section" s
         JOIN "SectionMember" m ON m."tenantId" = s."tenantId" AND m."sectionId" = s.id
         JOIN "User" u ON u."tenantId" = m."tenantId" AND u.id = m."userId" AND u.type = 2 AND NOT u.inactive
         JOIN "Kinship" k ON k."tenantId" = u."tenantId" AND k."studentId" = u.id
         JOIN "User" g ON g."tenantId" = k."tenantId" AND g.id = k."relativeId" AND NOT g.inactive
       WHERE s."tenantId" = $1 ORDER BY s.id LIMIT 1`,
      [tenantId],
    );
    return rows[0]!;
  });
}

/** The target step's choice of the guardians of one section. */
async function chooseGuardiansOf(page: Page, section: { id: number; name: string }): Promise<void> {
  const wizard = page.getByTestId("notification-wizard");
  await wizard.getByTestId("wizard-target").selectOption("sections");
  await wizard.getByTestId("field-sendTo").selectOption("0");
  await wizard.getByTestId("field-sectionIds").click();
  await page.getByTestId("field-sectionIds-search").fill(section.name);
  await page.getByTestId(`option-${section.id}`).click();
  await page.keyboard.press("Escape");
}

const pad = (n: number) => String(n).padStart(2, "0");
/** Tomorrow at 09:00 as a datetime-local input takes it. */
function tomorrowAtNine(): string {
  const d = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T09:00`;
}

/** What the spec needs of the school: a WhatsApp template with tags of both kinds, and a calendar activity it is about. */
async function prepare(page: Page, token: string, suffix: string) {
  const headers = { authorization: `Bearer ${token}` };
  const templateId = `e2e-wizard-${suffix}`;
  const content = "Hola {{name}}, recuerde {{actividad}} el {{date}}. {{note}}";
  const template = await page.request.post("/api/admLocalization/create", { headers, data: { ID: templateId, type: "w", name: `E2E ${suffix}`, content } });
  expect(((await template.json()) as Envelope<unknown>).status).toBe(0);
  const activityName = `Feria ${suffix}`;
  const activity = await page.request.post("/api/admActivity/create", {
    headers,
    data: { name: activityName, startDate: "2030-08-20 08:30", endDate: "2030-08-20 13:00" },
  });
  const activityId = ((await activity.json()) as Envelope<{ ID: number }>).data.ID;
  return { templateId, activityId, activityName };
}

/**
 * The notification wizard (002 §2) composes a WhatsApp notification to a section's guardians,
 * previews it as a real guardian will read it and confirms it. Needs a server with WhatsApp (WHATSAPP_TOKEN,
 * WHATSAPP_PHONE_NUMBER_ID) and e-mail (SMTP_URL, the fallback) configured; whether the messages arrive is
 * notification-delivery's to check.
 */
test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL, the database the server under test uses");

// The desktop run sends at once and follows it to the end; the phone run schedules for tomorrow.
for (const { width, height, locale, dark, now } of [
  { width: 1440, height: 900, locale: "es", dark: false, now: true },
  { width: 390, height: 844, locale: "en", dark: true, now: false },
] as const) {
  test(`the notification wizard at ${width} px (${locale}, ${dark ? "dark" : "light"}): a section's guardians, previewed and confirmed, axe`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The browser's clock, moved below to stand for a person who confirms a minute after the draft was saved.
    if (now) await page.clock.install();
    await page.setViewportSize({ width, height });
    const { token, companyID } = await signInAs(page, ADMIN, locale);
    const theme = dark ? "dark.blue" : "light.blue";
    await setTheme(page, theme);
    const suffix = `${width}-${Date.now()}`;
    const { templateId, activityId, activityName } = await prepare(page, token, suffix);
    const section = await sectionWithGuardians(companyID);
    const name = `Wizard ${suffix}`.slice(0, 50);

    await page.goto("/app/admNotification");
    await page.getByTestId("action-wizard").click();
    const wizard = page.getByTestId("notification-wizard");
    await expect(wizard).toBeVisible();
    // Full screen on a phone, once its opening animation has ended.
    if (width === 390) await expect.poll(async () => Math.round((await wizard.boundingBox())?.width ?? 0)).toBe(390);

    // Step 1: the client's own checks speak first, in the user's language.
    await wizard.getByTestId("wizard-next").click();
    await expect(wizard.getByText(locale === "es" ? "Seleccione un tipo" : "Select a type")).toBeVisible();
    await wizard.getByTestId("field-name").fill(name);
    await wizard.getByTestId("field-doWA").click();
    await wizard.getByTestId("field-doWATemplate").selectOption(templateId);
    await wizard.getByTestId("field-page").selectOption("calendar");
    await wizard.getByTestId("field-objectId").click();
    await page.getByTestId("field-objectId-search").fill(activityName);
    await page.getByTestId(`option-${activityId}`).click();
    // The activity fills its tags; the recipient's are filled when it is sent.
    await expect(wizard.getByTestId("wizard-tag-actividad")).toHaveValue(activityName);
    await expect(wizard.getByTestId("wizard-tag-date")).toHaveValue("2030-08-20");
    await expect(wizard.getByTestId("wizard-tag-name")).toHaveCount(0);
    await wizard.getByTestId("wizard-tag-note").fill("Traer bata");
    await expectAccessible(page, "[data-testid=notification-wizard]");
    await wizard.getByTestId("wizard-next").click();

    // Step 2: the guardians of one section.
    await expect(wizard.getByTestId("wizard-step-target")).toBeVisible();
    await wizard.getByTestId("wizard-next").click();
    await expect(wizard.getByText(locale === "es" ? "Seleccione un tipo" : "Select a type")).toBeVisible();
    await chooseGuardiansOf(page, section);
    await expect(wizard).toBeVisible();
    await wizard.getByTestId("wizard-next").click();

    // Step 3: on a date.
    await expect(wizard.getByTestId("wizard-step-when")).toBeVisible();
    await wizard.getByTestId("wizard-next").click();
    await expect(wizard.getByText(locale === "es" ? "Seleccione un tipo de envío" : "Select a trigger type")).toBeVisible();
    if (now) {
      await wizard.getByTestId("wizard-trigger-now").check();
    } else {
      await wizard.getByTestId("wizard-trigger-date").check();
      await wizard.getByTestId("field-sendOn").fill(tomorrowAtNine());
    }
    await wizard.getByTestId("field-urgent").click();
    await wizard.getByTestId("field-fallbackChannel").selectOption("mail");
    await expectAccessible(page, "[data-testid=notification-wizard]");
    await wizard.getByTestId("wizard-next").click();

    // Step 4: what was chosen, in words; the preview is the dry run, the confirmation schedules it once.
    await expect(wizard.getByTestId("wizard-step-summary")).toBeVisible();
    await expect(wizard.getByTestId("wizard-confirm")).toBeDisabled();
    // The section as its picker names it (grade and section).
    const who = new RegExp(`^${locale === "es" ? "Apoderados de" : "Guardians of"} .+ ${section.name}`);
    await expect(wizard.getByTestId("wizard-summary-target")).toHaveText(who);
    await expect(wizard.getByTestId("wizard-summary-urgent")).toHaveText(locale === "es" ? "Sí" : "Yes");
    await expect(wizard.getByTestId("wizard-summary-channels")).toHaveText("WhatsApp");
    // Minutes pass on the summary: the send now is previewed and confirmed at the minute it is clicked, not refused as
    // a date in the past.
    if (now) await page.clock.setSystemTime(Date.now() + 61_000);
    await wizard.getByTestId("wizard-preview").click();
    const outcome = wizard.getByTestId("wizard-outcome");
    await expect(outcome).toHaveAttribute("role", "status");
    await expect(wizard.getByTestId("wizard-by-channel")).toBeVisible();
    // Once previewed, the target says how many people and messages it is.
    await expect(wizard.getByTestId("wizard-summary-target")).toHaveText(who);
    await expect(wizard.getByTestId("wizard-summary-target")).toHaveText(/ \(\d+ \S+, \d+ \S+\)$/);
    const bubble = wizard.getByTestId("wizard-bubble");
    await expect(bubble).toContainText(activityName);
    await expect(bubble).toContainText("Traer bata");
    await expectAccessible(page, "[data-testid=notification-wizard]");
    // Reaching the summary and previewing kept nothing: a wizard left here leaves no draft behind.
    const named = async () =>
      (
        (await (
          await page.request.get("/api/admNotification/get", { headers: { authorization: `Bearer ${token}` }, params: { filterBy: "name", filter: name } })
        ).json()) as Envelope<{ Results: { ID: number; name: string }[] }>
      ).data.Results.filter((r) => r.name === name);
    expect(await named()).toEqual([]);

    // Back to the real minute, which the confirmation stamps (a later one would hold the send until it comes).
    if (now) await page.clock.setSystemTime(Date.now());
    await wizard.getByTestId("wizard-confirm").click();
    await expect(wizard).toBeHidden();
    const saved = (await named())[0]!;
    const record = (
      (await (await page.request.get(`/api/admNotification/get/${saved.ID}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Envelope<
        Record<string, unknown>
      >
    ).data;
    expect(record).toMatchObject({
      doWA: true,
      doWATemplate: templateId,
      page: "calendar",
      objectId: activityId,
      sendTo: 0,
      filterBy: "sections",
      sectionIds: [section.id],
      urgent: true,
      fallbackChannel: "mail",
      placeholders: `|${activityName}|2030-08-20|Traer bata`,
    });
    const after = (
      (await (await page.request.get(`/api/admNotification/get/${saved.ID}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Envelope<{
        status: number;
        total: number;
      }>
    ).data;
    if (!now) expect(after.status).toBe(1);
    expect(after.total).toBeGreaterThan(0);
    if (!now) return;

    // Sent now: the worker sends through the WhatsApp stand-in, whose delivered and read callbacks come back signed;
    // the delivery view shows the ledger fill and the notification reach "sent".
    const status = async () =>
      (
        (await (await page.request.get(`/api/admNotification/get/${saved.ID}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Envelope<{
          status: number;
        }>
      ).data.status;
    await expect.poll(status, { timeout: 60_000, intervals: [500] }).toBe(3);
    const reads = async () =>
      (
        (await (await page.request.get(`/api/admNotification/${saved.ID}/messages`, { headers: { authorization: `Bearer ${token}` } })).json()) as Envelope<{
          counts: { read: number };
        }>
      ).data.counts.read;
    await expect.poll(reads, { timeout: 30_000, intervals: [500] }).toBeGreaterThan(0);
    await page.goto("/app/admNotification");
    await expect(page.getByTestId(`grid-row-${saved.ID}`)).toBeVisible({ timeout: 30_000 });
    await rowAction(page, "delivery", saved.ID);
    const sheet = page.getByTestId("notification-delivery");
    await expect(sheet.getByTestId("delivery-notification-status")).toHaveText("Enviada");
    await expect(sheet.getByTestId("delivery-count-total")).toHaveText(String(after.total));
    await expect(sheet.getByTestId("delivery-count-failed")).toHaveText("0");
    expect(Number(await sheet.getByTestId("delivery-count-read").textContent())).toBeGreaterThan(0);
    await expectAccessible(page, "[data-testid=notification-delivery]");
    const sunk = fs
      .readFileSync(path.join(process.env.OUTSIDE_DIR!, "whatsapp/whatsapp.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { template: { name: string; params: string[] } | null });
    expect(sunk.some((m) => m.template?.name === templateId && m.template.params.includes("Traer bata"))).toBe(true);
  });
}

/**
 * The summary shows, per channel, what a family receives: WhatsApp's notice template carrying the notification's own
 * title and text (folded onto one line as Meta takes a parameter), and the e-mail with the school as its sender.
 */
for (const { width, height, locale, dark } of [
  { width: 1440, height: 900, locale: "es", dark: false },
  { width: 390, height: 844, locale: "en", dark: true },
] as const) {
  test(`the wizard previews each channel as a family receives it at ${width} px (${locale}, ${dark ? "dark" : "light"}), axe`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const { companyID } = await signInAs(page, ADMIN, locale);
    await setTheme(page, dark ? "dark.blue" : "light.blue");
    const section = await sectionWithGuardians(companyID);
    const title = `Salida ${width}`;
    await page.goto("/app/admNotification");
    await page.getByTestId("action-wizard").click();
    const wizard = page.getByTestId("notification-wizard");
    await expect(wizard).toBeVisible();

    // A WhatsApp-only notice whose template carries the title and text asks for them.
    await wizard.getByTestId("field-name").fill(`Aviso ${width}-${Date.now()}`.slice(0, 50));
    await wizard.getByTestId("field-doWA").click();
    await wizard.getByTestId("field-doWATemplate").selectOption("school_notice");
    await wizard.getByTestId("field-title").fill(title);
    await wizard.getByTestId("field-content").fill("Mañana salimos a las 8.\n\nTraer almuerzo.");
    await wizard.getByTestId("field-doMail").click();
    await expectAccessible(page, "[data-testid=notification-wizard]");
    await wizard.getByTestId("wizard-next").click();

    await chooseGuardiansOf(page, section);
    await wizard.getByTestId("wizard-next").click();

    await wizard.getByTestId("wizard-trigger-date").check();
    await wizard.getByTestId("field-sendOn").fill(tomorrowAtNine());
    await wizard.getByTestId("wizard-next").click();

    await expect(wizard.getByTestId("wizard-step-summary")).toBeVisible();
    await wizard.getByTestId("wizard-preview").click();
    await expect(wizard.getByTestId("wizard-outcome")).toHaveAttribute("role", "status");
    await expect(wizard.getByTestId("wizard-bubble")).toContainText(`*${title}*`);
    await expect(wizard.getByTestId("wizard-bubble")).toContainText("Mañana salimos a las 8. Traer almuerzo.");
    const letter = wizard.getByTestId("wizard-preview-mail");
    await expect(letter).toContainText(title);
    await expect(letter).toContainText(" via ");
    await expect(letter).toContainText("Traer almuerzo.");
    await expectAccessible(page, "[data-testid=notification-wizard]");
  });
}
