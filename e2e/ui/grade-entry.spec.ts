import ExcelJS from "exceljs";
import { expect, expectAccessible, signInAs, TEACHER, test } from "../fixtures";

interface SaveAnswer {
  status: number;
  data: { saved: number; averages: { conceptId: number; studentId: number; gradeNum: number | null }[] };
}

test.describe("grade entry", () => {
  test("the teacher types a grade with the keyboard on report 1 and sees the average follow", async ({ page }) => {
    await signInAs(page, TEACHER, "es");
    await page.goto("/app/admGrades");
    await expect(page.getByTestId("grade-screen")).toBeVisible();
    // defaultFilters opens a teacher on report 1 with their first course-section chosen.
    await expect(page.getByTestId("grade-report")).toHaveValue("1");
    await expect(page.getByTestId("grade-filter-activityPartId")).not.toHaveText("Seleccione…");
    const grid = page.getByTestId("grade-grid");
    await expect(grid).toBeVisible();

    const cell = grid.locator("input[data-testid^='grade-cell-']").first();
    await expect(cell).toBeVisible();
    const [, studentId] = /^grade-cell-(\d+)-(\d+)$/.exec((await cell.getAttribute("data-testid"))!)!;
    const [row, column] = (await cell.getAttribute("data-cell"))!.split(":").map(Number);

    // Out of range: the message, and the entry is dropped.
    const before = await cell.inputValue();
    await cell.click();
    await page.keyboard.type("9");
    await expect(page.getByText("Solo se permite igresar números del 0 al 8")).toBeVisible();
    await expect(cell).toHaveValue(before);

    const typed = before === "8" ? "7" : "8";
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/admGrades");
    await page.keyboard.type(typed);
    await page.keyboard.press("Enter");
    const answer = (await (await saved).json()) as SaveAnswer;
    expect(answer.status).toBeGreaterThanOrEqual(0);
    expect(answer.data.saved).toBe(1);
    await expect(cell).toHaveValue(typed);
    // Enter moves the cursor down the column.
    await expect(grid.locator(`[data-cell="${row! + 1}:${column}"]`)).toBeFocused();

    // The averages the save recomputed replace the old ones in the row.
    expect(answer.data.averages.length).toBeGreaterThan(0);
    for (const average of answer.data.averages.filter((a) => String(a.studentId) === studentId && a.gradeNum !== null)) {
      await expect(grid.getByTestId(`grade-cell-${average.studentId}-${average.conceptId}`)).toContainText(average.gradeNum!.toFixed(2));
    }

    // The refresh icon reloads in place: the value typed is still there.
    await page.getByTestId("grade-refresh").click();
    await expect(cell).toHaveValue(typed);

    // calificaciones.xlsx, sheet notas: the student's row holds the grade typed, in the cell's column (after the name).
    const studentName = (await page.getByTestId(`grade-name-${studentId}`).innerText()).trim();
    const download = page.waitForEvent("download");
    await page.getByTestId("grade-export").click();
    expect((await download).suggestedFilename()).toBe("calificaciones.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await (await download).path())!);
    const sheet = book.getWorksheet("notas")!;
    const line = (sheet.getSheetValues().filter(Boolean) as unknown[][]).find((values) => values[1] === studentName);
    expect(line?.[column! + 2]).toBe(Number(typed));
  });

  test("a qualification's picker keeps the grade on a stray Enter, takes the letter keys, and clears it only on purpose", async ({ page }) => {
    await signInAs(page, TEACHER, "es");
    await page.goto("/app/admGrades");
    const grid = page.getByTestId("grade-grid");
    const cell = grid.locator("button[data-testid^='grade-cell-'][aria-haspopup='listbox']").first();
    await expect(cell).toBeVisible();
    const saves: unknown[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/admGrades") saves.push(r.postDataJSON());
    });
    const saved = () => page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/admGrades");

    // Opened, the list takes the same letter keys as the closed cell.
    const picked = (await cell.innerText()).trim() === "B" ? "C" : "B";
    await cell.click();
    const list = page.getByRole("listbox");
    await expect(list).toBeVisible();
    let answer = saved();
    await page.keyboard.press(picked.toLowerCase());
    await answer;
    await expect(list).toBeHidden();
    await expect(cell).toHaveText(picked);

    // Opened again, the cell's own value is under the cursor, "no grade" is not: Enter keeps the grade.
    await cell.click();
    await expect(list.getByRole("option", { name: picked, exact: true })).toBeFocused();
    await expect(list.getByRole("option").last()).toHaveText("Sin nota");
    await expectAccessible(page, "[data-testid='grade-grid']", "[role='listbox']");
    await page.keyboard.press("Enter");
    await expect(list).toBeHidden();
    await expect(cell).toHaveText(picked);
    await expect(cell).toBeFocused();

    // Clearing is deliberate: Delete on the cell.
    answer = saved();
    await page.keyboard.press("Delete");
    await answer;
    await expect(cell).toHaveText("");
    // Two saves in all, the letter and the Delete: the Enter saved nothing.
    expect(saves).toHaveLength(2);
    expect(JSON.stringify(saves[1])).toContain('"gradeTxt":null');
  });
});
