import { readXlsx } from "../../apps/web/src/test-support/read-xlsx.ts";
import { ADMIN, expect, SECRETARY, signInAs, test } from "../fixtures";

test.describe("a generic module: periods", () => {
  test("the admin creates, edits, finds, exports and deletes a period", async ({ page }) => {
    await signInAs(page, ADMIN, "es");
    await page.goto("/app/admPeriod");
    await expect(page.getByTestId("module-title")).toHaveText("Periodos");
    await expect(page.getByTestId("grid-row-202601")).toBeVisible();

    await page.getByTestId("toolbar-create").click();
    const sheet = page.getByTestId("form-sheet");
    await expect(sheet).toBeVisible();
    expect(page.url()).toContain("#modalId=");
    await page.getByTestId("form-save").click();
    await expect(sheet.getByText("El campo Código es requerido.")).toBeVisible();

    await page.getByTestId("field-ID").fill("20290");
    await page.getByTestId("field-name").fill("Año escolar 2029");
    await page.getByTestId("field-from").fill("2029-03-01");
    await page.getByTestId("field-to").fill("2029-12-18");
    await page.getByTestId("field-showGradesFrom").fill("2029-12-19T08:00");
    await page.getByTestId("form-save").click();
    await expect(sheet.getByText("El campo Código debe ser un número de solo 6 dígitos.")).toBeVisible();
    await page.getByTestId("field-ID").fill("202901");
    await page.getByTestId("form-save").click();
    await expect(page.getByText("Registro creado.")).toBeVisible();
    await expect(page.getByTestId("grid-row-202901")).toContainText("Año escolar 2029");

    await page.getByTestId("row-edit-202901").click();
    await expect(page.getByTestId("field-name")).toHaveValue("Año escolar 2029");
    await page.getByTestId("field-name").fill("Año 2029 (plan)");
    await page.getByTestId("form-save").click();
    await expect(page.getByTestId("grid-row-202901")).toContainText("Año 2029 (plan)");

    await page.getByTestId("search-input").fill("plan");
    await expect(page.getByTestId("grid-row-202601")).toHaveCount(0);
    await expect(page.getByTestId("grid-row-202901")).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByTestId("toolbar-export").click();
    const file = await (await download).path();
    const sheetRows = (await readXlsx(file!))[0]!.rows;
    expect(sheetRows[0]).toContain("Nombre");
    expect(sheetRows.some((row) => row.includes("Año 2029 (plan)"))).toBe(true);

    await page.getByTestId("row-delete-202901").click();
    await expect(page.getByText(/no se puede deshacer/i)).toBeVisible();
    await page.getByTestId("confirm-delete").click();
    await expect(page.getByText("Registro eliminado.")).toBeVisible();
    await expect(page.getByTestId("grid-row-202901")).toHaveCount(0);
  });

  test("the secretary, who may only read periods, gets view mode", async ({ page }) => {
    await signInAs(page, SECRETARY, "es");
    await page.goto("/app/admPeriod");
    await expect(page.getByTestId("grid-row-202601")).toBeVisible();
    await expect(page.getByTestId("toolbar-create")).toHaveCount(0);
    await expect(page.getByTestId("row-delete-202601")).toHaveCount(0);
    await page.getByTestId("row-edit-202601").click();
    await expect(page.getByTestId("field-name")).toBeDisabled();
    await expect(page.getByTestId("form-save")).toHaveCount(0);
  });
});
