import { ADMIN, apiCall, expect, expectAccessible, setTheme, signInAs, test, withDatabase } from "../fixtures";

/**
 * The automatic charge (001 §7 automaticCharge) as a school lives it: a guardian pays a pension through the payment
 * sandbox's checkout and ticks "keep this card"; later the bursar previews what is due by a date on admBilling, confirms
 * past the warning, and watches the worker charge the card off-session; the sandbox's signed webhook registers the
 * payment. On a phone (390 px) in the dark theme and on a desktop, axe on the dialog at each step.
 */
test.skip(
  !process.env.TEST_DATABASE_URL || !process.env.WORKER_CALLBACK_URL,
  "needs TEST_DATABASE_URL and WORKER_CALLBACK_URL, those of the server and worker under test",
);

const CASES = [
  { width: 390, height: 844, dark: true },
  { width: 1440, height: 900, dark: false },
] as const;

for (const [i, c] of CASES.entries()) {
  test(`a bursar charges what is due to a card on file and sees it paid (${c.width} px, ${c.dark ? "dark" : "light"})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    const { token } = await signInAs(page, ADMIN, "en");
    if (c.dark) await setTheme(page, "dark.blue");

    // A student with one paying guardian, and a date no other run took (a run is once per school and date).
    const student = (await apiCall<{ Results: { ID: number; externalId: string }[] }>(page.request, token, "GET", `admStudent/get?PageSize=1&page=${40 + i}`))
      .Results[0]!;
    const guardian = (await apiCall<{ Results: { ID: number }[] }>(page.request, token, "GET", `admRelatives/get?PageSize=1&page=${30 + i}`)).Results[0]!;
    const { ID: studentId, externalId } = student;
    await withDatabase(async (db) => {
      await db.query(`UPDATE "Kinship" SET pays = false WHERE "studentId" = $1`, [studentId]);
      await db.query(
        `INSERT INTO "Kinship" ("tenantId", "studentId", "relativeId", "userKind", pays)
         SELECT "tenantId", id, $2, 1, true FROM "User" WHERE id = $1
         ON CONFLICT ("studentId", "relativeId") DO UPDATE SET pays = true, "endedAt" = NULL, "contactRights" = true, "userKind" = 1`,
        [studentId, guardian.ID],
      );
    });
    const date = `2014-0${3 + i}-${String(10 + (Date.now() % 18)).padStart(2, "0")}`;
    let easyId = "";
    const order = async (due: string, amount: string) => {
      easyId = `E2EAC-${c.width}-${Date.now().toString(36)}`;
      const made = await apiCall<{ ID: number }>(page.request, token, "POST", "admOrder/create", {
        easyId,
        externalId,
        brief: "Pension",
        dueDate: due,
      });
      await apiCall(page.request, token, "POST", `admOrder/detail/create?parentId=${made.ID}`, { item: "Pension", quantity: 1, amount });
      return made.ID;
    };

    // The guardian pays one pension online and keeps the card.
    const first = await order("2014-01-31", "150.00");
    const link = await apiCall<{ url: string }>(page.request, token, "GET", `admOrder/request2pay/${first}`);
    await page.goto(link.url);
    await page.getByLabel("Keep this card for the school's automatic charges of what is due").check();
    await Promise.all([page.waitForRequest(/\?checkout=done/), page.getByRole("button", { name: "Pay", exact: true }).click()]);
    const cards = () =>
      withDatabase(
        async (db) =>
          (
            await db.query(`SELECT last4 FROM "CardOnFile" c JOIN "Kinship" k ON k."relativeId" = c."guardianId" AND k.pays WHERE k."studentId" = $1`, [
              studentId,
            ])
          ).rows,
      );
    await expect.poll(cards, { timeout: 60_000 }).toEqual([{ last4: "4242" }]);

    // Later, a pension falls due; the bursar charges what is due by the date.
    const due = await order(date, "275.40");
    await page.goto("/app/admBilling");
    if (c.dark) await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByTestId("action-autoCharge").click();
    const dialog = page.getByTestId("auto-charge");
    await dialog.getByLabel("Charge what is due by").fill(date);
    await dialog.getByTestId("auto-charge-preview").click();
    // Orders an earlier run of this spec left unpaid may be due too: this one is among them, on its card.
    await expect(dialog.getByTestId("auto-charge-summary")).toContainText(/would be charged to (a card|cards) on file/);
    await expect(dialog.getByTestId("auto-charge-total")).toHaveText(/ PEN in \d+ orders?$/);
    await expect(dialog.getByTestId("auto-charge-rows").getByRole("row").filter({ hasText: easyId })).toContainText("visa ending 4242");
    await expectAccessible(page, "[data-testid=auto-charge]");

    // The confirm waits for the bursar to say they understand.
    await expect(dialog.getByTestId("auto-charge-confirm")).toBeDisabled();
    await dialog.getByTestId("auto-charge-understand").check();
    await dialog.getByTestId("auto-charge-confirm").click();
    await expect(page.getByText(new RegExp(`Automatic charge of ${date} started: \\d+ orders? to charge.`))).toBeVisible();
    await expect(dialog.getByTestId("auto-charge-run")).toHaveAttribute("data-finished", "true", { timeout: 60_000 });
    await expect(dialog.getByTestId("auto-charge-progress")).toHaveText(/^(\d+) of \1 charges? sent$/);
    await expect(dialog.getByTestId("auto-charge-declined")).toHaveText("0");
    await expectAccessible(page, "[data-testid=auto-charge]");

    const ledger = await withDatabase(async (db) => ({
      order: (await db.query(`SELECT status, paid::text FROM "Order" WHERE id = $1`, [due])).rows[0],
      payments: (await db.query(`SELECT status, type, card FROM "Payment" WHERE "orderId" = $1`, [due])).rows,
    }));
    expect(ledger).toEqual({ order: { status: 1, paid: "275.40" }, payments: [{ status: 1, type: 6, card: "4242" }] });

    // The date again: its results, never a second charge.
    await dialog.getByTestId("auto-charge-close").click();
    await page.getByTestId("action-autoCharge").click();
    await dialog.getByLabel("Charge what is due by").fill(date);
    await dialog.getByTestId("auto-charge-preview").click();
    await expect(dialog.getByTestId("auto-charge-run")).toBeVisible();
    await expect(dialog.getByTestId("auto-charge-confirm")).toHaveCount(0);
  });
}
