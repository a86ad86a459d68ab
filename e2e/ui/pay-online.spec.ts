import { ADMIN, apiLogin, expect, expectAccessible, pickOption, signInAs, test, withDatabase } from "../fixtures";

/**
 * A guardian pays a pension from its request2pay link on a phone: the link opens the payment sandbox's checkout
 * (Stripe's protocol, scripts/lib/payment-sink.ts), its Pay button pays, the sandbox posts Stripe's signed webhook to
 * the worker's callback port, and the worker reads the checkout back and registers the payment and its receipt; the
 * bursar's pension board then shows the month paid.
 */
test.skip(
  !process.env.TEST_DATABASE_URL || !process.env.WORKER_CALLBACK_URL,
  "needs TEST_DATABASE_URL and WORKER_CALLBACK_URL, those of the server and worker under test",
);

test("a pension is paid once from its payment link, through the sandbox's checkout at 390 px", async ({ page, request }) => {
  const { token } = await apiLogin(request, ADMIN);
  const headers = { authorization: `Bearer ${token}`, "x-locale": "en" };
  const student = (await (await request.get("/api/admStudent/get?PageSize=1&page=4", { headers })).json()).data.Results[0];
  // Next year's October: the demo's own pensions leave that month of the board to this order alone.
  const year = new Date().getUTCFullYear() + 1;
  const created = await (
    await request.post("/api/admOrder/create", {
      headers,
      data: { easyId: `E2EPAY-${Date.now() % 1e9}`, externalId: student.externalId, brief: "Pension October", dueDate: `${year}-10-31` },
    })
  ).json();
  expect(created.status, JSON.stringify(created)).toBe(0);
  const orderId = created.data.ID as number;
  const line = await request.post(`/api/admOrder/detail/create?parentId=${orderId}`, { headers, data: { item: "Pension", quantity: 1, amount: "275.40" } });
  expect((await line.json()).status).toBe(0);

  const link = await (await request.get(`/api/admOrder/request2pay/${orderId}`, { headers })).json();
  expect(link, JSON.stringify(link)).toMatchObject({ status: 0, msg: "Payment link ready.", data: { provider: "stripe", amount: "275.40", curr: "PEN" } });
  // Stripe's webhook is not the web app's: only the worker's callback port answers it, refusing an unsigned call (asked
  // until the worker, which starts beside the web app, listens).
  expect((await request.post("/api/payments/stripe/webhook", { data: {}, headers: { "x-locale": "en" } })).status()).toBe(404);
  const unsigned = () =>
    request
      .post(`${process.env.WORKER_CALLBACK_URL}/api/payments/stripe/webhook`, { data: {}, headers: { "x-locale": "en" } })
      .then((res) => res.status())
      .catch(() => 0);
  await expect.poll(unsigned, { timeout: 60_000 }).toBe(401);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link.data.url);
  await expect(page.getByText("275.40 PEN")).toBeVisible();
  await expectAccessible(page);
  // Back to the school's success URL (the app may send a signed-out visitor on to its sign-in page from there).
  await Promise.all([page.waitForRequest(/\?checkout=done/), page.getByRole("button", { name: "Pay", exact: true }).click()]);

  const ledger = () =>
    withDatabase(async (db) => {
      const order = await db.query('SELECT status, paid::text FROM "Order" WHERE id = $1', [orderId]);
      const payments = await db.query('SELECT status, provider FROM "Payment" WHERE "orderId" = $1', [orderId]);
      const receipts = await db.query('SELECT amount::text FROM "Receipt" WHERE "orderId" = $1', [orderId]);
      return { order: order.rows[0], payments: payments.rows, receipts: receipts.rows };
    });
  await expect.poll(async () => (await ledger()).order.status).toBe(1);
  expect(await ledger()).toEqual({
    order: { status: 1, paid: "275.40" },
    payments: [{ status: 1, provider: "stripe" }],
    receipts: [{ amount: "275.40" }],
  });

  // Paid: the link is not offered again.
  const again = await (await request.get(`/api/admOrder/request2pay/${orderId}`, { headers })).json();
  expect(again).toMatchObject({ status: -409, msg: "Only an unpaid order can take a payment: this one is paid or voided." });

  // The bursar's board of the student's section shows October paid.
  const section = await withDatabase(
    async (db) =>
      (
        await db.query<{ id: number; superSectionId: number }>(
          `SELECT s.id, s."superSectionId" FROM "SectionMember" m JOIN "Section" s ON s.id = m."sectionId" WHERE m."userId" = $1 ORDER BY s.id DESC LIMIT 1`,
          [student.ID],
        )
      ).rows[0]!,
  );
  await signInAs(page, ADMIN, "en");
  await page.goto("/app/admBillingGrid");
  const board = page.getByTestId("board");
  await board.getByTestId("board-year").selectOption(String(year));
  await pickOption(page, "board-grade", section.superSectionId);
  await pickOption(page, "board-section", section.id);
  const october = board.getByTestId(`board-cell-${student.ID}-10`);
  await expect(october).toHaveAttribute("data-state", "paid");
  await expect(october).toContainText("275.40");
});
