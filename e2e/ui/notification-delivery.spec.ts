import type { Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, rowAction, signInAs, test, withDatabase, setTheme } from "../fixtures";

/** Ledger rows this spec writes carry this key prefix, so that it removes exactly its own. */
const KEY = "e2e-delivery-";
/** The demo school's notification with sending errors (002 §3 status 5): the one whose delivery a person checks. */
const ERRORS = 5;
const SENDING = 2;

interface Seeded {
  notificationId: number;
  name: string;
  /** The ledger rows by what they stand for. */
  ids: Record<"read" | "delivered" | "sent" | "failed" | "queued", number>;
  guardian: string;
}

/**
 * The school's notification with errors, given a small ledger of its own: five messages to three guardians on three
 * channels, one in each status but sending, the failed one permanent with its reason.
 */
async function seedLedger(page: Page, token: string, tenantId: number): Promise<Seeded> {
  const list = await (await page.request.get(`/api/admNotification/get?status=${ERRORS}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const notificationId = Number(list.data.Results[0].ID);
  const name = String(list.data.Results[0].name);
  return withDatabase(async (db) => {
    // The demo's own ledger of this notification makes way for the five rows below.
    await db.query('DELETE FROM "Message" WHERE "tenantId" = $1 AND ("notificationId" = $2 OR key LIKE $3)', [tenantId, notificationId, `${KEY}%`]);
    const guardians = (
      await db.query<{ id: number; name: string; mail: string | null; cel: string | null }>(
        `SELECT id, concat_ws(' ', name, last) AS name, mail, cel FROM "User" WHERE "tenantId" = $1 AND type = 1 AND NOT inactive ORDER BY id LIMIT 3`,
        [tenantId],
      )
    ).rows;
    const [a, b, c] = guardians as [(typeof guardians)[0], (typeof guardians)[0], (typeof guardians)[0]];
    const rows = [
      { name: "read", user: a, channel: "whatsapp", address: a.cel ?? "+51900000001", status: "read", times: ["sentAt", "deliveredAt", "readAt"] },
      { name: "delivered", user: b, channel: "whatsapp", address: b.cel ?? "+51900000002", status: "delivered", times: ["sentAt", "deliveredAt"] },
      { name: "sent", user: c, channel: "mail", address: c.mail ?? "c@pizarra.demo", status: "sent", times: ["sentAt"] },
      { name: "failed", user: a, channel: "mail", address: "nobody@invalid.pizarra.demo", status: "failed", times: ["failedAt"] },
      { name: "queued", user: b, channel: "push", address: "https://push.invalid/e2e", status: "queued", times: [] },
    ] as const;
    const ids = {} as Seeded["ids"];
    for (const [i, r] of rows.entries()) {
      const failed = r.status === "failed";
      const { rows: inserted } = await db.query<{ id: number }>(
        `INSERT INTO "Message" ("tenantId", key, source, "sourceId", "notificationId", "userId", channel, address, text, status, error, permanent, attempts,
           "sentAt", "deliveredAt", "readAt", "failedAt", "updatedAt")
         VALUES ($1, $2, 'notification', $3, $3, $4, $5, $6, 'e2e', $7, $8, $9, $10, $11, $12, $13, $14, now()) RETURNING id`,
        [
          tenantId,
          `${KEY}${i}`,
          notificationId,
          r.user.id,
          r.channel,
          r.address,
          r.status,
          failed ? "550 5.1.1 mailbox unavailable" : null,
          failed,
          failed ? 3 : r.status === "queued" ? 0 : 1,
          ...(["sentAt", "deliveredAt", "readAt", "failedAt"] as const).map((t) => ((r.times as readonly string[]).includes(t) ? new Date() : null)),
        ],
      );
      ids[r.name] = inserted[0]!.id;
    }
    // As the run would count them: three people, five messages.
    await db.query('UPDATE "Notification" SET recipients = 3, total = 5 WHERE "tenantId" = $1 AND id = $2', [tenantId, notificationId]);
    return { notificationId, name, ids, guardian: a.name };
  });
}

async function setNotificationStatus(tenantId: number, id: number, status: number): Promise<void> {
  // A notification goes out only once confirmed (scheduledAt): only then may it be paused.
  await withDatabase((db) =>
    db.query('UPDATE "Notification" SET status = $3, "scheduledAt" = COALESCE("scheduledAt", now()) WHERE "tenantId" = $1 AND id = $2', [tenantId, id, status]),
  );
}

async function open(page: Page, { locale, dark }: { locale: "es" | "en"; dark: boolean }) {
  const { token, companyID } = await signInAs(page, ADMIN, locale);
  const theme = dark ? "dark.blue" : "light.blue";
  await setTheme(page, theme);
  const seeded = await seedLedger(page, token, companyID);
  return { token, tenantId: companyID, seeded };
}

async function openDelivery(page: Page, notificationId: number, dark: boolean) {
  await page.goto("/app/admNotification");
  await expect(page.locator("html")).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await expect(page.getByTestId(`grid-row-${notificationId}`)).toBeVisible({ timeout: 30_000 });
  await rowAction(page, "delivery", notificationId);
  const sheet = page.getByTestId("notification-delivery");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId("delivery-count-total")).toHaveText("5");
  return sheet;
}

test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL, the database the server under test uses");
test.afterEach(async () => {
  await withDatabase((db) => db.query('DELETE FROM "Message" WHERE key LIKE $1', [`${KEY}%`]));
});

for (const { width, height, locale, dark } of [
  { width: 1440, height: 900, locale: "es", dark: false },
  { width: 390, height: 844, locale: "en", dark: true },
] as const) {
  test(`the delivery of a notification at ${width} px (${locale}, ${dark ? "dark" : "light"}): counters drawn and tabled, recipients, axe`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const { seeded } = await open(page, { locale, dark });
    const sheet = await openDelivery(page, seeded.notificationId, dark);

    for (const [status, count] of Object.entries({ queued: 1, sending: 0, sent: 1, delivered: 1, read: 1, failed: 1 }))
      await expect(sheet.getByTestId(`delivery-count-${status}`)).toHaveText(String(count));
    await expect(sheet.getByTestId("delivery-chart").locator("svg")).toBeVisible();
    await expect(sheet.locator("[data-testid^='delivery-row-']")).toHaveCount(5);
    await expect(sheet.getByTestId(`delivery-status-${seeded.ids.failed}`)).toHaveText(locale === "es" ? "Fallido" : "Failed");
    await expect(sheet.getByTestId("delivery-retry")).toBeEnabled();

    // Recipients apart from messages: three guardians get the five.
    await expect(sheet.getByTestId("delivery-reach")).toHaveText(locale === "es" ? "3 personas, 5 mensajes" : "3 people, 5 messages");
    const box = (await sheet.boundingBox())!;
    if (width === 390) {
      // A full-screen sheet on the phone, nothing wider than the screen.
      expect(Math.round(box.width)).toBe(390);
      const overflow = await sheet.locator("[data-slot='sheet-body']").evaluate((e) => e.scrollWidth > e.clientWidth + 1);
      expect(overflow).toBe(false);
    } else {
      expect(box.width).toBeGreaterThan(800);
      // The list behind it needs no sideways scrolling at 1440 px: the read column and the actions are in sight.
      const grid = page.getByTestId("grid");
      expect(await grid.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth + 1)).toBe(true);
      // (By its text: the open sheet hides the list from the accessibility tree.)
      await expect(grid.locator("thead th", { hasText: "Leídos" })).toBeInViewport();
      await expect(page.getByTestId(`grid-row-${seeded.notificationId}`).locator("td").last()).toBeInViewport();
    }
    await expectAccessible(page);
  });
}

test("the recipients filter by status, channel and name, and the failed one shows its reason", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { seeded } = await open(page, { locale: "en", dark: false });
  const sheet = await openDelivery(page, seeded.notificationId, false);
  const rows = sheet.locator("[data-testid^='delivery-row-']");

  await sheet.getByTestId("delivery-filter-status").selectOption("failed");
  await expect(rows).toHaveCount(1);
  const failed = sheet.getByTestId(`delivery-row-${seeded.ids.failed}`);
  await expect(failed).toBeVisible();
  await expect(failed).toContainText("nobody@invalid.pizarra.demo");
  await expect(failed).toContainText("Will not be retried");

  await sheet.getByTestId("delivery-filter-status").selectOption("");
  await sheet.getByTestId("delivery-filter-channel").selectOption("whatsapp");
  await expect(rows).toHaveCount(2);

  await sheet.getByTestId("delivery-filter-channel").selectOption("");
  await sheet.getByTestId("delivery-search").fill("nobody@invalid");
  await expect(rows).toHaveCount(1);
  await sheet.getByTestId("delivery-search").fill("zzzz-nobody-by-this-name");
  await expect(sheet.getByTestId("delivery-empty")).toHaveText("No recipient matches these filters.");
  // The counters are the whole notification's, whatever the list shows.
  await expect(sheet.getByTestId("delivery-count-total")).toHaveText("5");
});

test("while the notification is sending the counters move without a reload, and stop when it is sent", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { seeded, tenantId } = await open(page, { locale: "es", dark: false });
  await setNotificationStatus(tenantId, seeded.notificationId, SENDING);
  try {
    // The list follows a send without a reload: its counters move while a row is sending, and it stops asking once none is.
    await page.goto("/app/admNotification");
    const row = page.getByTestId(`grid-row-${seeded.notificationId}`);
    await expect(row).toBeVisible({ timeout: 30_000 });
    // Only this notification in the list: the demo school has another one sending.
    await page.getByTestId("search-input").fill(seeded.name);
    await expect(page.locator("[data-testid^='grid-row-']")).toHaveCount(1);
    const heads = await page.getByTestId("grid").locator("thead th").allTextContents();
    const cell = (head: string) => row.locator("td").nth(heads.indexOf(head));
    await expect(cell("Destinatarios")).toHaveText("3");
    await expect(cell("Mensajes")).toHaveText("5");
    await expectAccessible(page);
    await withDatabase((db) =>
      db.query('UPDATE "Notification" SET recipients = 35, total = 70 WHERE "tenantId" = $1 AND id = $2', [tenantId, seeded.notificationId]),
    );
    await expect(cell("Destinatarios")).toHaveText("35", { timeout: 10_000 });
    await expect(cell("Mensajes")).toHaveText("70");
    await setNotificationStatus(tenantId, seeded.notificationId, 3);
    await expect(cell("Estado")).toHaveText("Enviada", { timeout: 10_000 });
    let asked = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/admNotification/get")) asked += 1;
    });
    await page.waitForTimeout(5_000);
    expect(asked).toBe(0);
    await setNotificationStatus(tenantId, seeded.notificationId, SENDING);

    const sheet = await openDelivery(page, seeded.notificationId, false);
    await expect(sheet.getByTestId("delivery-live")).toBeVisible();
    await expect(sheet.getByTestId("delivery-pause")).toBeVisible();

    await withDatabase((db) => db.query(`UPDATE "Message" SET status = 'sent', "sentAt" = now(), attempts = 1 WHERE id = $1`, [seeded.ids.queued]));
    await expect(sheet.getByTestId("delivery-count-sent")).toHaveText("2", { timeout: 8_000 });
    await expect(sheet.getByTestId("delivery-count-queued")).toHaveText("0");

    await setNotificationStatus(tenantId, seeded.notificationId, 3);
    await expect(sheet.getByTestId("delivery-live")).toBeHidden({ timeout: 8_000 });
    await expect(sheet.getByTestId("delivery-pause")).toBeHidden();
  } finally {
    await setNotificationStatus(tenantId, seeded.notificationId, ERRORS);
  }
});
