import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { apiCall, expect, expectAccessible, pickOption, SECRETARY, setTheme, signInAs, TEACHER, test } from "../fixtures";

/** The receipt as the bursar downloads it, read back by unpdf (the server writes it with pdfkit). */
const pdfText = async (file: Download) =>
  (await extractText(await getDocumentProxy(new Uint8Array(await readFile((await file.path())!))), { mergePages: true })).text;

/**
 * The pension board (001 §7 getGrid, createbulk, setpaymentbyorder, refundbyorder, receipt): the secretary filters a
 * grade and section for next year, bulk-creates March's pensions for the section, pays one from the board with the
 * keyboard, downloads its receipt, refunds it and sees the cell voided and its receipt ANULADO; the board passes axe
 * at 390 px in dark and on a desktop in light. The teacher has no board.
 */
test("a bursar bulk-creates a month of pensions, pays, prints and refunds a cell of the board", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { token } = await signInAs(page, SECRETARY, "es");
  const section = (await apiCall<{ Results: { ID: number; parentId: number }[] }>(page.request, token, "GET", "admSection/get?PageSize=1")).Results[0]!;
  const year = new Date().getUTCFullYear() + 1;

  await page.goto("/app/admBillingGrid");
  const board = page.getByTestId("board");
  await expect(board.getByTestId("board-count")).toBeVisible();
  await board.getByTestId("board-year").selectOption(String(year));
  await pickOption(page, "board-grade", section.parentId);
  await pickOption(page, "board-section", section.ID);
  // The section's students (they fit in one page of 40): the board shows them once its new answer is in.
  const students = (await apiCall<{ count: number }>(page.request, token, "GET", `admBilling/getGrid?year=${year}&sectionId=${section.ID}`)).count;
  await expect(board.getByTestId("board-count")).toHaveText(`${students} alumnos`);
  await expect(board.locator('tr[data-testid^="board-row-"]')).toHaveCount(students);
  const firstRow = board.locator('tr[data-testid^="board-row-"]').first();
  const studentId = Number((await firstRow.getAttribute("data-testid"))!.replace("board-row-", ""));
  await expectAccessible(page);

  // March's pensions for the whole section, an amount with the es decimal comma; run twice, written once.
  await board.getByTestId("board-bulk").click();
  const bulk = page.getByTestId("bulk-dialog");
  await pickOption(page, "bulk-sections", section.ID);
  await page.keyboard.press("Escape");
  await bulk.getByTestId("bulk-brief").fill("Pensión");
  await bulk.getByTestId("bulk-concept1").fill("Pensión de marzo");
  await bulk.getByTestId("bulk-amount1").fill("350,50");
  await expect(bulk.getByTestId("bulk-forYear")).toHaveValue(String(year));
  await bulk.getByTestId("bulk-save").click();
  await expect(bulk.getByText("El campo Meses es requerido.")).toBeVisible();
  await bulk.getByTestId("bulk-month-3").click();
  await page.mouse.move(0, 0);
  await expectAccessible(page, "[data-testid=bulk-dialog]");
  await bulk.getByTestId("bulk-save").click();
  await expect(bulk.getByTestId("bulk-result-created")).toHaveText(String(students));
  await expect(bulk.getByTestId("bulk-result-existing")).toHaveText("0");
  await bulk.getByTestId("bulk-save").click();
  await expect(bulk.getByTestId("bulk-result-existing")).toHaveText(String(students));
  await expect(bulk.getByTestId("bulk-result-created")).toHaveText("0");
  await page.keyboard.press("Escape");
  await expect(bulk).toBeHidden();

  const march = board.getByTestId(`board-cell-${studentId}-3`);
  await expect(march).toHaveAttribute("data-state", "pending");
  await expect(march).toContainText("Pendiente");
  await expect(march).toContainText("350.50");

  // One tab stop into the grid, the arrows to March, Enter opens the payment.
  await board.getByTestId(`board-cell-${studentId}-1`).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(march).toBeFocused();
  await page.keyboard.press("Enter");
  const pay = page.getByTestId("order-pay");
  await expect(pay.getByTestId("order-balance")).toContainText("350.50");
  await pay.getByTestId("order-pay-total").fill("350,50");
  await pay.getByTestId("order-pay-note").fill("Pago en caja");
  await pay.getByTestId("order-pay-save").click();
  await expect(pay).toBeHidden();
  await expect(march).toHaveAttribute("data-state", "paid");
  await expect(march).toContainText("Pagado");

  // A paid cell offers its receipt and its refund.
  await march.click();
  const cell = page.getByTestId("board-cell");
  await expect(cell).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page, "[data-testid=board-cell]");
  const receiptButton = cell.locator('[data-testid^="board-order-receipt-"]');
  const refId = (await receiptButton.textContent())!.match(/[A-Z]\d{3}-\d{6}/)![0];
  await receiptButton.click();
  const receipt = page.getByTestId("receipt-pdf");
  await expect(receipt.getByRole("heading", { name: `Recibo ${refId}` })).toBeVisible();
  const download = page.waitForEvent("download");
  await receipt.getByTestId("receipt-pdf-latest").click();
  const paidText = await pdfText(await download);
  expect(paidText).toContain(refId);
  expect(paidText).toContain("TRESCIENTOS CINCUENTA CON 50/100 SOLES");
  expect(paidText).not.toContain("ANULADO");
  await expect(receipt).toBeHidden();

  await march.click();
  await cell.locator('[data-testid^="board-order-refund-"]').click();
  const refund = page.getByTestId("order-refund");
  await refund.getByTestId("order-refund-note").fill("Retiro del alumno");
  await refund.getByTestId("order-refund-save").click();
  await expect(refund).toBeHidden();
  await expect(march).toHaveAttribute("data-state", "voided");
  await expect(march).toContainText("Anulado");

  // A voided cell opens its receipt at once: the same number, ANULADO across it.
  await march.click();
  await expect(receipt.getByRole("heading", { name: `Recibo ${refId}` })).toBeVisible();
  const voided = page.waitForEvent("download");
  await receipt.getByTestId("receipt-pdf-latest").click();
  const voidedText = await pdfText(await voided);
  expect(voidedText).toContain(refId);
  expect(voidedText).toContain("ANULADO");

  // On a phone, in dark: the months scroll under the fixed names, and the board still passes axe.
  await setTheme(page, "dark.blue");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(board.getByTestId("board-count")).toBeVisible();
  await board.getByTestId("board-year").selectOption(String(year));
  await pickOption(page, "board-grade", section.parentId);
  await pickOption(page, "board-section", section.ID);
  await expect(march).toHaveAttribute("data-state", "voided");
  const scroll = board.getByTestId("board-scroll");
  expect(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expectAccessible(page);

  // The teacher has no billing: no board.
  await signInAs(page, TEACHER, "es");
  await page.goto("/app/admBillingGrid");
  await expect(page.getByTestId("no-permission")).toBeVisible();
  await expect(page.getByTestId("board")).toHaveCount(0);
});
