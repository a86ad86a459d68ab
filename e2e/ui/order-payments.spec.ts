import { ADMIN, apiCall, expect, expectAccessible, rowAction, setTheme, signInAs, test } from "../fixtures";

/**
 * A bursar registers payments of an order from the orders list (001 §4: an unpaid order takes a payment, a paid one
 * is refunded): a partial payment typed with a decimal comma, a refused amount named under its field, the rest, and
 * the refund; the receipts are numbered and then marked ANULADO. Axe on both dialogs, light and dark, phone and desktop.
 */
for (const c of [
  { width: 1440, height: 900, locale: "es", dark: false },
  { width: 390, height: 844, locale: "en", dark: true },
] as const) {
  test(`a bursar pays and refunds an order at ${c.width} px (${c.locale}, ${c.dark ? "dark" : "light"})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    const { token } = await signInAs(page, ADMIN, c.locale);
    const student = (await apiCall<{ Results: { externalId: string }[] }>(page.request, token, "GET", "admStudent/get?PageSize=1&page=4")).Results[0]!;
    const easyId = `E2E-${c.width}-${Date.now() % 100_000}`;
    const order = await apiCall<{ ID: number }>(page.request, token, "POST", "admOrder/create", {
      easyId,
      externalId: student.externalId,
      brief: "Pensión octubre",
      dueDate: "2026-10-31",
    });
    await apiCall(page.request, token, "POST", `admOrder/detail/create?parentId=${order.ID}`, { item: "Pensión", quantity: 1, amount: 320 });
    await setTheme(page, c.dark ? "dark.blue" : "light.blue");
    await page.goto("/app/admOrder");
    await page.getByTestId("search-input").fill(easyId);
    await expect(page.locator(`[data-row-id="${order.ID}"]`).first()).toBeVisible();

    await rowAction(page, "pay", order.ID);
    const pay = page.getByTestId("order-pay");
    await expect(pay.getByTestId("order-balance")).toContainText("320");
    await expectAccessible(page, "[data-testid=order-pay]");
    // Three decimals are refused under the field, in the person's language, and nothing is written.
    await pay.getByTestId("order-pay-total").fill("100,555");
    await pay.getByTestId("order-pay-note").fill("Primera cuota");
    await pay.getByTestId("order-pay-save").click();
    await expect(
      pay.getByText(c.locale === "es" ? "El campo Monto recibido admite como máximo 2 decimales." : "The Amount received may have at most 2 decimals."),
    ).toBeVisible();
    await pay.getByTestId("order-pay-total").fill("120,50");
    const paid = page.waitForResponse((res) => res.url().includes(`/api/admBilling/setpaymentbyorder/${order.ID}`));
    await pay.getByTestId("order-pay-save").click();
    const first = (await (await paid).json()) as { data: { receipt: { refId: string }; order: { balance: string } } };
    expect(first.data.order.balance).toBe("199.50");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: first.data.receipt.refId })).toBeVisible();
    await expect(pay).toBeHidden();

    // The rest pays the order; then it is refunded.
    await rowAction(page, "pay", order.ID);
    await expect(pay.getByTestId("order-balance")).toContainText("199");
    await pay.getByTestId("order-pay-total").fill("199.50");
    await pay.getByTestId("order-pay-note").fill("Saldo");
    const rest = page.waitForResponse((res) => res.url().includes(`/api/admBilling/setpaymentbyorder/${order.ID}`));
    await pay.getByTestId("order-pay-save").click();
    const second = (await (await rest).json()) as { data: { receipt: { refId: string }; order: { status: number } } };
    expect(second.data.order.status).toBe(1);
    await expect(pay).toBeHidden();

    await rowAction(page, "refund", order.ID);
    const refund = page.getByTestId("order-refund");
    await expect(refund).toBeVisible();
    await expectAccessible(page, "[data-testid=order-refund]");
    await refund.getByTestId("order-refund-note").fill("Retiro del alumno");
    const refunded = page.waitForResponse((res) => res.url().includes(`/api/admBilling/refundbyorder/${order.ID}`));
    await refund.getByTestId("order-refund-save").click();
    const voided = (await (await refunded).json()) as { data: { voided: string[] } };
    expect(voided.data.voided).toEqual([first.data.receipt.refId, second.data.receipt.refId]);
    await expect(refund).toBeHidden();

    // The receipts list shows both receipts with the ANULADO mark.
    const listed = await apiCall<{ Results: { refId: string; status: number }[] }>(
      page.request,
      token,
      "GET",
      `admBilling/get/?PageSize=5&page=1&filterBy=refId&filter=${first.data.receipt.refId}`,
    );
    expect(listed.Results.map((r) => [r.refId, r.status])).toEqual([[first.data.receipt.refId, 2]]);
  });
}
