import { readXlsx } from "../../apps/web/src/test-support/read-xlsx.ts";
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

    // 000 §5: integers 0 to 8 only. "7.5" is refused whole (not its "7", nor the "5" after the "."): the message as
    // it is typed, then the stored value back and nothing sent; so is "9". Enter, Tab or leaving ends an entry.
    let posted = 0;
    page.on("request", (r) => void (r.method() === "POST" && new URL(r.url()).pathname === "/api/admGrades" && posted++));
    const before = await cell.inputValue();
    const message = page.getByText("Solo se permite igresar números del 0 al 8");
    for (const [wrong, end] of [
      ["7.5", "Enter"],
      ["9", "Tab"],
    ] as const) {
      await cell.click();
      await page.keyboard.type(wrong);
      await expect(message.first()).toBeVisible();
      await expect(cell).toHaveAttribute("aria-invalid", "true");
      await page.keyboard.press(end);
      await expect(cell).toHaveValue(before);
      await expect(cell).not.toHaveAttribute("aria-invalid");
    }
    await page.getByTestId("grade-refresh").click();
    await expect(cell).toHaveValue(before);
    expect(posted).toBe(0);

    const typed = before === "8" ? "7" : "8";
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/admGrades");
    await cell.click();
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

    // A cell that cannot be typed in says why, on hover (its title) and to a screen reader (its description).
    const average = grid.locator(`[data-cell^="${row}:"][data-read-only="average"]`).first();
    await expect(average).toHaveAttribute("title", "Promedio calculado: no se escribe");
    await expect(average).toHaveAccessibleDescription("Promedio calculado: no se escribe");
    const locked = grid.locator('[data-read-only="locked"]').first();
    await expect(locked).toHaveAttribute("title", "Concepto bloqueado: no se puede editar");

    // Sheet notas of a file named after the course and section: the student's row holds the grade typed, in the
    // cell's column (after the name, and after each average's letter column before it), and each average its letter.
    const studentName = (await page.getByTestId(`grade-name-${studentId}`).innerText()).trim();
    const course = (await page.getByTestId("grade-filter-activityPartId").innerText()).trim();
    const download = page.waitForEvent("download");
    await page.getByTestId("grade-export").click();
    const fileName = (await download).suggestedFilename();
    expect(fileName).toMatch(/^calificaciones - .+ - .+\.xlsx$/);
    // The course-section picker names the course before its section.
    for (const word of course.split(/[\s/-]+/).filter((w) => w.length > 2)) expect(fileName).toContain(word);
    const sheet = (await readXlsx((await (await download).path())!)).find((s) => s.name === "notas")!;
    const line = sheet.rows.find((values) => values[0] === studentName)!;
    // Where the grid's column c is in the file's row (after the name and the letters of the averages before it).
    const fileColumn = async (c: number) =>
      c +
      1 +
      (await grid
        .locator(`[data-cell^="${row}:"][data-read-only="average"]`)
        .evaluateAll((cells, before) => cells.filter((cell) => Number(cell.getAttribute("data-cell")!.split(":")[1]) < before).length, c));
    expect(line[await fileColumn(column!)]).toBe(Number(typed));
    const [shown, letter] = /^(\d+\.\d\d) \((\w+)\)/.exec((await average.innerText()).trim())!.slice(1);
    const averageIndex = await fileColumn(Number((await average.getAttribute("data-cell"))!.split(":")[1]));
    expect((line[averageIndex] as number).toFixed(2)).toBe(shown);
    expect(line[averageIndex + 1]).toBe(letter);
  });

  test("a qualification's picker keeps the grade on a stray Enter, takes the letter keys, and clears it only on purpose", async ({ page }) => {
    test.setTimeout(90_000);
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
    // A letter moves the cursor down the column, as Enter after a typed number does; so it does on the closed cell.
    const [row, column] = (await cell.getAttribute("data-cell"))!.split(":").map(Number);
    const below = grid.locator(`[data-cell="${row! + 1}:${column}"]`);
    await expect(below).toBeFocused();
    const belowValue = (await below.innerText()).trim();
    const next = belowValue === "A" ? "B" : "A";
    answer = saved();
    await page.keyboard.press(next.toLowerCase());
    await answer;
    await expect(below).toHaveText(next);
    await expect(grid.locator(`[data-cell="${row! + 2}:${column}"]`)).toBeFocused();

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
    // Three saves in all, the two letters and the Delete: the Enter saved nothing.
    expect(saves).toHaveLength(3);
    expect(JSON.stringify(saves[2])).toContain('"gradeTxt":null');
  });
});
