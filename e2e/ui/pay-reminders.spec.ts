import { ADMIN, apiCall, expect, expectAccessible, rowAction, setTheme, signInAs, test, withDatabase } from "../fixtures";

/**
 * A bursar turns the school's payment reminders on from home (beside the school's profile), then sends a family the
 * pay link of an order from the orders list: the message waits in the delivery ledger for the guardian who pays, and
 * its link opens the checkout of what the order owes (the payment sandbox's). Axe on the card and the dialog, light
 * and dark, phone and desktop.
 */
test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL, that of the server under test");

// The demo school is shared by every spec of the run: its reminders start from the seed's (none), and go back to it.
const noReminders = () => withDatabase((db) => db.query(`UPDATE "Tenant" SET settings = settings - 'payReminders' WHERE title = 'Colegio Demo'`));
test.describe.configure({ mode: "serial" });
test.beforeEach(noReminders);
test.afterAll(noReminders);

/** A student of the demo school whose paying guardian (as the server picks them) takes e-mail about them. */
const studentWithPayer = (skip: number) =>
  withDatabase(async (db) => {
    const { rows } = await db.query<{ externalId: string; mail: string }>(
      `SELECT "externalId", mail FROM (
         SELECT DISTINCT ON (s.id) s.id, s."externalId", g.mail, k.messages, g.inactive FROM "Kinship" k
           JOIN "User" s ON s.id = k."studentId" JOIN "User" g ON g.id = k."relativeId"
          WHERE s."tenantId" = (SELECT id FROM "Tenant" WHERE title = 'Colegio Demo') AND NOT s.inactive
            AND k."endedAt" IS NULL AND k."userKind" IN (0, 1) AND k."contactRights"
          ORDER BY s.id, k.pays DESC, k."userKind", k."relativeId") payer
        WHERE mail IS NOT NULL AND messages AND NOT inactive ORDER BY id OFFSET $1 LIMIT 1`,
      [skip],
    );
    return rows[0]!;
  });

for (const c of [
  { width: 1440, height: 900, locale: "es", dark: false, skip: 3 },
  { width: 390, height: 844, locale: "en", dark: true, skip: 4 },
] as const) {
  test(`a bursar turns reminders on and sends a pay link at ${c.width} px (${c.locale}, ${c.dark ? "dark" : "light"})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    const { token } = await signInAs(page, ADMIN, c.locale);
    await setTheme(page, c.dark ? "dark.blue" : "light.blue");

    await page.goto("/app/home/start");
    const card = page.getByTestId("reminder-settings");
    await expect(card).toBeVisible();
    await card.getByTestId("reminders-on").click();
    await card.getByTestId("reminders-before").fill("3");
    await card.getByTestId("reminders-after").fill("0, 7");
    await card.getByTestId("reminders-save").click();
    await expect(card.getByText(c.locale === "es" ? "Días después del vencimiento" : "The Days after the due date", { exact: false }).last()).toBeVisible();
    await expect(card.locator("[aria-invalid=true]")).toHaveCount(1);
    await card.getByTestId("reminders-after").fill("15, 1, 7");
    const saved = page.waitForResponse((res) => res.url().includes("/api/admBilling/reminders") && res.request().method() === "POST");
    await card.getByTestId("reminders-save").click();
    expect(((await (await saved).json()) as { data: unknown }).data).toEqual({ on: true, before: [3], after: [1, 7, 15] });
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: c.locale === "es" ? "Recordatorios de pago guardados." : "Payment reminders saved." }),
    ).toBeVisible();
    await expect(card.getByTestId("reminders-after")).toHaveValue("1, 7, 15");
    await expectAccessible(page, "[data-testid=reminder-settings]");

    const student = await studentWithPayer(c.skip);
    const brief = `Pensión E2E ${c.width}-${Date.now() % 100_000}`;
    const order = await apiCall<{ ID: number }>(page.request, token, "POST", "admOrder/create", {
      easyId: `LNK-${c.width}-${Date.now() % 100_000}`,
      externalId: student.externalId,
      brief,
      dueDate: "2026-11-30",
    });
    await apiCall(page.request, token, "POST", `admOrder/detail/create?parentId=${order.ID}`, { item: "Pensión", quantity: 1, amount: "305.20" });
    await page.goto("/app/admOrder");
    await page.getByTestId("search-input").fill(brief);
    await expect(page.locator(`[data-row-id="${order.ID}"]`).first()).toBeVisible();
    await rowAction(page, "sendPayLink", order.ID);
    const dialog = page.getByTestId("order-pay-link");
    await expect(dialog.getByTestId("order-balance")).toContainText("305");
    await expectAccessible(page, "[data-testid=order-pay-link]");
    const sent = page.waitForResponse((res) => res.url().includes(`/api/admOrder/sendpaylink/${order.ID}`));
    await dialog.getByTestId("order-pay-link-send").click();
    expect(((await (await sent).json()) as { data: unknown }).data).toEqual({ queued: 1, payers: 1 });
    await expect(dialog).toBeHidden();

    // The delivery ledger holds the message to the payer, with the link that pays the order.
    const [message] = await withDatabase(
      async (db) =>
        (
          await db.query<{ address: string; text: string }>(`SELECT address, text FROM "Message" WHERE source = 'billingPayLink' AND "sourceId" = $1`, [
            order.ID,
          ])
        ).rows,
    );
    expect(message!.address).toBe(student.mail);
    expect(message!.text).toContain(`${brief}, 305.20 PEN`);
    const link = /https?:\/\/\S+\/api\/pay\/\S+/.exec(message!.text)![0];
    await page.goto(link);
    await expect(page.getByText("305.20 PEN")).toBeVisible();
  });
}
