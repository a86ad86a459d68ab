import type { Page } from "@playwright/test";
import { ADMIN, expect, rowAction, signInAs, test } from "../fixtures";

type Envelope<T> = { status: number; msg: string; data: T };

async function apiPost<T>(page: Page, token: string, path: string, data: unknown): Promise<Envelope<T>> {
  const res = await page.request.post(`/api/${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Envelope<T>;
}

async function apiGet<T>(page: Page, token: string, path: string): Promise<Envelope<T>> {
  const res = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Envelope<T>;
}

/** A PNG drawn by the browser itself, larger than the photo box so that it is resized before the upload. */
async function drawPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d")!;
      ctx.fillStyle = "#1d4ed8";
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = "#facc15";
      ctx.beginPath();
      ctx.arc(width / 2, height / 2, Math.min(width, height) / 3, 0, Math.PI * 2);
      ctx.fill();
      return canvas.toDataURL("image/png");
    },
    { width, height },
  );
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

test.describe("uploads and extra actions of the generic module screen", () => {
  test("the admin uploads a PNG photo for a staff member and sees its thumbnail", async ({ page }) => {
    const { token } = await signInAs(page, ADMIN, "es");
    const groups = await apiGet<{ Results: { ID: number }[] }>(page, token, "admUserGroup/get?pick=true");
    const stamp = Date.now();
    const created = await apiPost<{ ID: number }>(page, token, "admStaff/create", {
      name: "Foto",
      last: `Prueba${stamp}`,
      type: 4,
      mail: `foto${stamp}@colegio.demo`,
      cel: "912345678",
      groupId: groups.data.Results[0]!.ID,
    });
    expect(created.status).toBeGreaterThanOrEqual(0);
    const id = created.data.ID;

    await page.goto("/app/admStaff");
    await page.getByTestId("search-input").fill(`Prueba${stamp}`);
    await expect(page.getByTestId(`grid-row-${id}`)).toBeVisible();
    await expect(page.getByTestId(`grid-row-${id}`).locator("img")).toHaveCount(0);
    await page.getByTestId(`row-edit-${id}`).click();
    const sheet = page.getByTestId("form-sheet");
    await expect(sheet).toBeVisible();

    // A file that is not an image is refused in place.
    await page.getByTestId("field-face").setInputFiles({ name: "notas.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await expect(page.getByTestId("field-face-problem")).toContainText("jpeg, jpg, png");

    await page.getByTestId("field-face").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: await drawPng(page, 900, 700) });
    await expect(page.getByTestId("field-face-preview").locator("img")).toBeVisible();
    await page.getByTestId("form-save").click();
    await expect(sheet).toBeHidden();
    const thumbnail = page.getByTestId(`grid-row-${id}`).locator("img");
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // Resized in the browser to fit the 400×400 box, keeping its aspect.
    expect(await thumbnail.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([400, 311]);

    await page.getByTestId(`row-edit-${id}`).click();
    await expect(page.getByTestId("field-face-preview").locator("img")).toBeVisible();
    await page.getByTestId("form-close").click();
    await apiPost(page, token, `admStaff/delete/${id}?confirm=true`, {});
  });

  test("the admin clones period 202601 into a new period, which opens", async ({ page }) => {
    const { token } = await signInAs(page, ADMIN, "es");
    // A clone keeps its grades, so it cannot be deleted afterwards: a retry takes the next free code.
    let code = 202801;
    while ((await page.request.get(`/api/admPeriod/get/${code}`, { headers: { authorization: `Bearer ${token}` } })).status() === 200) code += 100;
    const name = `Año escolar ${String(code).slice(0, 4)} (copia)`;
    await page.goto("/app/admPeriod");
    await expect(page.getByTestId("grid-row-202601")).toBeVisible();
    await rowAction(page, "clone", 202601);
    const dialog = page.getByTestId("action-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("action-submit").click();
    await expect(dialog.getByText("El campo Código es requerido.")).toBeVisible();
    await dialog.getByTestId("field-ID").fill(String(code));
    await dialog.getByTestId("field-name").fill(name);
    await dialog.getByTestId("action-submit").click();
    await expect(dialog).toBeHidden();

    const sheet = page.getByTestId("form-sheet");
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAttribute("data-mode", "edit");
    await expect(sheet.getByTestId("field-ID")).toHaveValue(String(code));
    await expect(sheet.getByTestId("field-name")).toHaveValue(name);
    await page.getByTestId("form-close").click();
    await expect(page.getByTestId(`grid-row-${code}`)).toContainText(name);
  });

  test("the admin imports two student codes from a CSV into a user group", async ({ page }) => {
    const { token } = await signInAs(page, ADMIN, "es");
    const name = `Importados ${Date.now()}`;
    const created = await apiPost<{ ID: number }>(page, token, "admUserGroup/create", { name, type: 0, staff: false, forceLogout: false });
    expect(created.status).toBeGreaterThanOrEqual(0);
    const id = created.data.ID;

    await page.goto("/app/admUserGroup");
    await page.getByTestId("search-input").fill(name);
    const row = page.getByTestId(`grid-row-${id}`);
    await expect(row).toBeVisible();
    await rowAction(page, "import", id);
    const dialog = page.getByTestId("action-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("field-data").setInputFiles({ name: "alumnos.csv", mimeType: "text/csv", buffer: Buffer.from("codigo\nA00001\nA00002\n") });
    await expect(dialog.getByTestId("field-data-files")).toContainText("alumnos.csv");
    await dialog.getByTestId("action-submit").click();
    await expect(dialog).toBeHidden();
    await expect(row.locator("td").nth(2)).toHaveText("2");
    await apiPost(page, token, `admUserGroup/delete/${id}?confirm=true`, {});
  });
});
