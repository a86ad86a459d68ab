import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { readZip } from "../../apps/web/src/test-support/read-zip.ts";
import { ADMIN, apiCall, expect, expectAccessible, rowAction, schoolToday, setTheme, signInAs, test } from "../fixtures";

const CASES = [
  { width: 390, height: 844, dark: true },
  { width: 1440, height: 900, dark: false },
] as const;

const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;

for (const c of CASES) {
  test(`a bursar downloads a receipt's PDF and the day's receipts zip (${c.width} px, ${c.dark ? "dark" : "light"})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    const { token } = await signInAs(page, ADMIN, "es");
    if (c.dark) await setTheme(page, "dark.blue");

    // A pension paid today at the desk: its receipt is the newest of the list.
    const today = schoolToday();
    const student = (await apiCall<{ Results: { externalId: string; name: string }[] }>(page.request, token, "GET", "admStudent/get?PageSize=1&page=4"))
      .Results[0]!;
    const order = await apiCall<{ ID: number }>(page.request, token, "POST", "admOrder/create", {
      easyId: `E2E-${c.width}-${Date.now().toString(36)}`,
      externalId: student.externalId,
      brief: "Pensión de prueba",
      dueDate: today,
    });
    await apiCall(page.request, token, "POST", `admOrder/detail/create?parentId=${order.ID}`, { item: "Pensión", quantity: 1, amount: "350.00" });
    const paid = await apiCall<{ receipt: { ID: number; refId: string } }>(page.request, token, "POST", `admBilling/setpaymentbyorder/${order.ID}`, {
      total: "350.00",
      note: "Pago en caja",
      date: today,
    });
    const { ID: receiptId, refId } = paid.receipt;

    await page.goto("/app/admBilling");
    if (c.dark) await expect(page.locator("html")).toHaveClass(/dark/);
    // The newest receipt heads the list (001 §2: by date, newest first).
    await expect(page.locator(`[data-row-id="${receiptId}"]`).first()).toBeVisible();
    await rowAction(page, "pdf", receiptId);
    const dialog = page.getByTestId("receipt-pdf");
    await expect(dialog.getByRole("heading", { name: `Recibo ${refId}` })).toBeVisible();
    await expectAccessible(page, "[data-testid=receipt-pdf]");
    const pdf = page.waitForEvent("download");
    await dialog.getByTestId("receipt-pdf-latest").click();
    const file = await pdf;
    expect(file.suggestedFilename()).toBe(`${refId}.pdf`);
    const text = await pdfText(new Uint8Array(await readFile((await file.path())!)));
    expect(text).toContain(refId);
    expect(text).toContain("TRESCIENTOS CINCUENTA CON 00/100 SOLES");
    await expect(dialog).toBeHidden();

    await page.goto("/app/admBillingReport");
    await page.getByTestId("action-zip").click();
    const zipDialog = page.getByTestId("receipts-zip");
    await expectAccessible(page, "[data-testid=receipts-zip]");
    // A reversed range is refused next to the end date, before anything is asked of the server.
    await zipDialog.getByTestId("receipts-zip-from").fill(today);
    await zipDialog.getByTestId("receipts-zip-to").fill("2001-01-01");
    await zipDialog.getByTestId("receipts-zip-run").click();
    await expect(zipDialog.getByText("La fecha final debe ser igual o posterior a la fecha inicial.")).toBeVisible();
    // The pointer leaves the button it pressed: axe reads the dialog as it rests.
    await page.mouse.move(0, 0);
    await expectAccessible(page, "[data-testid=receipts-zip]");

    await zipDialog.getByTestId("receipts-zip-to").fill(today);
    const zipped = page.waitForEvent("download");
    await zipDialog.getByTestId("receipts-zip-run").click();
    const zipFile = await zipped;
    const zip = await readZip(await readFile((await zipFile.path())!));
    const names = [...zip.keys()];
    expect(names).toContain(`${refId}.pdf`);
    expect(await pdfText(zip.get(`${refId}.pdf`)!)).toContain(refId);
    // The progress ends with the count of receipts the zip holds.
    const status = zipDialog.getByTestId("receipts-zip-status");
    await expect(status).toHaveAttribute("data-state", "saved");
    await expect(status).toContainText(names.length === 1 ? "Se descargó 1 recibo." : `Se descargaron ${names.length} recibos.`);
    await page.mouse.move(0, 0);
    await expectAccessible(page, "[data-testid=receipts-zip]");
  });
}
