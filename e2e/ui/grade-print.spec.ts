import { extractText, getDocumentProxy } from "unpdf";
import { expect, expectAccessible, signInAs, TEACHER, test } from "../fixtures";

/**
 * 000 §2.9 Print: the paper Chromium makes of the sheet (page.pdf, print media), read back by a PDF reader of its own
 * (unpdf): the spec's header, every column of the sheet to the final average and its letter, on landscape pages, a
 * run of columns at a time with the students' names again. The Print button at 1440 px; the browser's own print
 * (its beforeprint event, as Ctrl+P sends it) at 390 px.
 */
for (const [width, height, via] of [
  [1440, 900, "button"],
  [390, 844, "browser"],
] as const) {
  test(`the printed sheet holds every column, the header and the averages' letters (${via} at ${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await signInAs(page, TEACHER, "es");
    await page.goto("/app/admGrades");
    const grid = page.getByTestId("grade-grid");
    await expect(grid.locator("[data-cell='0:0']")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("grade-filter-activityPartId")).not.toHaveText("Seleccione…");
    await expectAccessible(page);

    // What the screen shows: every header's abbreviation, and the first student's rightmost average (the final one).
    const abbreviations = (await grid.locator("thead th[data-testid^='grade-head-']").allInnerTexts()).map((a) => a.trim());
    const lastCell = grid.locator('[data-cell^="0:"][data-read-only="average"]').last();
    const lastAverage = /^\d+\.\d\d \(\w+\)/.exec((await lastCell.innerText()).trim())![0];
    const firstName = (await grid.locator("tbody tr[data-testid^='grade-row-'] [data-testid^='grade-name-']").first().innerText()).trim();

    await page.evaluate(() => {
      window.print = () => undefined;
    });
    if (via === "button") await page.getByTestId("grade-print-button").click();
    else await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    const paper = page.getByTestId("grade-print");
    await expect(paper).toBeAttached();
    const runs = await paper.getByTestId("grade-print-run").count();
    // The demo's sheet is wider than a landscape page: it goes in more than one run of columns.
    expect(runs).toBeGreaterThan(1);

    const pdf = await getDocumentProxy(new Uint8Array(await page.pdf({ preferCSSPageSize: true })));
    const first = await pdf.getPage(1);
    const [, , pageWidth, pageHeight] = first.view;
    expect(pageWidth).toBeGreaterThan(pageHeight!);
    const { text } = await extractText(pdf, { mergePages: true });
    // Nothing of the screen around the sheet: the toolbar's buttons are not on paper.
    expect(text).not.toContain("Exportar a Excel");
    expect(text.split("Reporte de notas").length - 1).toBe(runs);
    for (const label of ["Periodo:", "Grado/Sección:", "Curso:", "Profesor:"]) expect(text).toContain(label);
    for (const abbreviation of abbreviations) expect(text).toContain(abbreviation);
    expect(text).toContain(lastAverage);
    // Each run starts with the students' names: the first one is there once a run.
    const surname = firstName.split(" ")[0]!;
    expect(text.split(surname).length - 1).toBeGreaterThanOrEqual(runs);

    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await expect(paper).not.toBeAttached();
  });
}
