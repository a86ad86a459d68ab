import fs from "node:fs";
import ExcelJS from "exceljs";
import { readXlsx } from "../../apps/web/src/test-support/read-xlsx.ts";
import { ADMIN, expect, signInAs, test } from "../fixtures";

test.describe("generic import, row context menu and module management", () => {
  test("the admin downloads the template, fills it, sees the trial run and imports catalogue values", async ({ page }, testInfo) => {
    await signInAs(page, ADMIN, "en");
    await page.goto("/app/admOtlt");
    await page.getByTestId("toolbar-more").click();
    await page.getByTestId("toolbar-import").click();
    const sheet = page.getByTestId("import-sheet");
    await expect(sheet).toBeVisible();

    const download = page.waitForEvent("download");
    await sheet.getByTestId("import-template").click();
    const file = testInfo.outputPath("template.xlsx");
    await (await download).saveAs(file);
    const headers = (await readXlsx(file))[0]!.rows[0]!.map(String);
    expect(headers).toEqual(["Type *", "Value *", "Label *", "Inactive"]);
    // The filled template, as a spreadsheet program saves it.
    const book = new ExcelJS.Workbook();
    const rows = book.addWorksheet("Catalogue");
    rows.addRow(headers);

    // A refused line first: the file is checked without writing and the line is named.
    const stamp = Date.now().toString(36);
    rows.addRow([`lunch-${stamp}`, "VEG", "Vegetarian", "no"]);
    rows.addRow([`lunch ${stamp}`, "STD", "Standard", "no"]);
    await book.xlsx.writeFile(file);
    await sheet.getByTestId("import-file").setInputFiles(file);
    await expect(sheet.getByTestId("import-check")).toHaveAttribute("data-state", "refused");
    await expect(sheet.getByTestId("import-check")).toContainText("Line 3");
    await expect(sheet.getByTestId("import-run")).toBeDisabled();
    // A chosen file is not lost to a stray Escape: the sheet asks, and keeping keeps the check.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("close-guard")).toBeVisible();
    await page.getByTestId("close-guard-keep").click();
    await expect(sheet.getByTestId("import-check")).toHaveAttribute("data-state", "refused");

    rows.getRow(3).getCell(1).value = `lunch-${stamp}`;
    await book.xlsx.writeFile(file);
    await sheet.getByTestId("import-file").setInputFiles(file);
    await expect(sheet.getByTestId("import-check")).toContainText("2 records will be created");
    await sheet.getByTestId("import-run").click();
    await expect(sheet).toBeHidden();
    // The API's own message, counted by the build's precompiled catalogue.
    await expect(page.getByText("2 records imported.")).toBeVisible();

    // A catalogue type the app reads shows by its name; one of the school's own as it is.
    await page.getByTestId("search-input").fill("pickupType");
    await expect(page.getByTestId("grid").locator("tbody tr").first()).toContainText("Ways home");
    await expect(page.getByTestId("grid")).not.toContainText("pickupType");
    await page.getByTestId("search-input").fill(`lunch-${stamp}`);
    await expect(page.getByTestId("grid").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("grid").locator("tbody tr").first()).toContainText(`lunch-${stamp}`);
    fs.rmSync(file);

    // The row's context menu offers its actions: Edit opens the record.
    const row = page.getByTestId("grid").locator("tbody tr").first();
    await row.click({ button: "right" });
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await expect(page.getByTestId("form-sheet")).toBeVisible();
  });

  test("the admin renames a module and the menu follows", async ({ page }) => {
    await signInAs(page, ADMIN, "en");
    await page.goto("/app/admModule");
    await expect(page.getByTestId("module-admin")).toBeVisible();
    await page.getByTestId("module-admin-search").fill("Transport");
    // Each module is named with the menu it sits under, not by codes.
    await expect(page.getByTestId("module-admin-admTransport")).toContainText("People");
    await expect(page.getByTestId("module-admin-admTransport")).not.toContainText("admTransport");
    await page.getByTestId("module-admin-admTransport").click();
    const form = page.getByTestId("form-sheet");
    await expect(form.getByTestId("field-nameEN")).toHaveValue("Transport");
    // Its form names the school's groups that may read it (Colegio Demo's, in Spanish) and the optional fields it may switch off.
    await expect(form.getByTestId("field-userRead")).toContainText("Dirección");
    await expect(form.getByTestId("field-inactiveFields")).toContainText("Note");

    // No seeded module has a description: changing a module's name or access must not ask for one first.
    await form.getByTestId("field-nameEN").fill("School bus");
    await expect(form.getByTestId("field-desc")).toHaveValue("");
    await form.getByTestId("form-save").click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId("module-admin-admTransport")).toContainText("School bus");
    await page.goto("/app/admTransport");
    await expect(page.getByTestId("module-title")).toHaveText("School bus");
  });
});
