import type { Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, rowAction, signInAs, TEACHER, test, withDatabase, setTheme } from "../fixtures";

const SAVE = "/api/admGrades";
const isSave = (method: string, url: string) => method === "POST" && new URL(url).pathname === SAVE;

/** The teacher's grade screen as it opens (report 1 on their first course), in a language and light or dark. */
async function openSheet(page: Page, { locale = "es", dark = false }: { locale?: "es" | "en"; dark?: boolean } = {}) {
  await signInAs(page, TEACHER, locale);
  const theme = dark ? "dark.blue" : "light.blue";
  await setTheme(page, theme);
  await page.goto("/app/admGrades");
  await expect(page.locator("html")).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  const grid = page.getByTestId("grade-grid");
  await expect(grid.locator("[data-cell='0:0']")).toBeVisible({ timeout: 15_000 });
  return grid;
}

// Each width in both languages and both themes, crossed (the pairs swap between widths) to keep the run short.
for (const [width, height, looks] of [
  [
    1440,
    900,
    [
      { locale: "es", dark: false },
      { locale: "en", dark: true },
    ],
  ],
  [
    390,
    844,
    [
      { locale: "en", dark: false },
      { locale: "es", dark: true },
    ],
  ],
] as const) {
  test(`the whole grade screen passes axe at ${width} px, light and dark, in Spanish and English`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    for (const { locale, dark } of looks) {
      await openSheet(page, { locale, dark });
      await expect(page.getByTestId("grade-filter-activityPartId")).not.toHaveText(locale === "es" ? "Seleccione…" : "Choose…");
      await expectAccessible(page);
    }
  });
}

test("at 390 px the names' column leaves at least three grade columns in view, and each name stays whole", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const grid = await openSheet(page);
  const row = grid.locator("tbody tr[data-testid^='grade-row-']").first();
  const name = row.locator("th");
  const nameBox = (await name.boundingBox())!;
  const inView = [];
  for (const cell of await row.locator("td").all()) {
    const box = await cell.boundingBox();
    if (box && box.x >= nameBox.x + nameBox.width - 1 && box.x + box.width <= 390) inView.push(box);
  }
  expect(inView.length).toBeGreaterThanOrEqual(3);
  // The whole name: wrapped in the cell, and its title.
  const text = (await row.locator("[data-testid^='grade-name-']").innerText()).replace(/\s+/g, " ").trim();
  await expect(name).toHaveAttribute("title", text);
  const clipped = await row.locator("[data-testid^='grade-name-']").evaluate((e) => e.scrollWidth > e.clientWidth);
  expect(clipped).toBe(false);
});

test("the course filter narrows its options as one types, and shows each option's whole label", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSheet(page);
  await page.getByTestId("grade-filter-activityPartId").click();
  const list = page.getByRole("listbox");
  const options = list.getByRole("option");
  await expect(options.first()).toBeVisible();
  const all = (await options.allInnerTexts()).map((o) => o.trim());
  // Nothing cut short: every label fits its row, however narrow the screen.
  for (const option of await options.all())
    expect(await option.evaluate((e) => [...e.querySelectorAll("span")].every((s) => s.scrollWidth <= s.clientWidth))).toBe(true);
  for (const label of all) await expect(list.getByRole("option", { name: label, exact: true })).toBeVisible();

  // The word of one subject, typed in part and without its accent: only that subject's courses are left.
  const subject = all.at(-1)!.split(" · ")[0]!;
  const typed = subject
    .slice(0, 4)
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
  await page.getByTestId("grade-filter-activityPartId-search").pressSequentially(typed);
  const expected = all.filter((o) =>
    o
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .includes(typed),
  );
  expect(expected.length).toBeLessThan(all.length);
  await expect(options).toHaveText(expected);
  await page.keyboard.press("Enter");
  await expect(list).toBeHidden();
  await expect(page.getByTestId("grade-filter-activityPartId")).toHaveText(expected[0]!);
});

test("the teacher's console shows no failed call when the grade screen opens and a grade is typed", async ({ page }) => {
  await signInAs(page, TEACHER, "es");
  const failures: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  await page.goto("/app/admGrades");
  const cell = page.getByTestId("grade-grid").locator("input[data-testid^='grade-cell-']").first();
  await expect(cell).toBeVisible({ timeout: 15_000 });
  const typed = (await cell.inputValue()) === "7" ? "6" : "7";
  await cell.click();
  const saved = page.waitForResponse((r) => isSave(r.request().method(), r.url()));
  await page.keyboard.type(typed);
  await page.keyboard.press("Enter");
  expect((await saved).status()).toBe(200);
  await expect(cell).toHaveValue(typed);
  // The filters' names settle after their lists answer.
  await expect(page.getByTestId("grade-filter-masterId")).not.toHaveText("Seleccione…");
  await page.waitForLoadState("networkidle");
  expect(failures).toEqual([]);
});

test("no stray key changes a grade: the picker's arrows from nothing, Tab in the picker, Enter in a description", async ({ page }) => {
  const grid = await openSheet(page);
  const saves: unknown[] = [];
  page.on("request", (r) => {
    if (isSave(r.method(), r.url())) saves.push(r.postDataJSON());
  });
  const saved = () => page.waitForResponse((r) => isSave(r.request().method(), r.url()));

  // An empty qualification cell (emptied on purpose first): opened, no option is under the cursor.
  const cell = grid.locator("button[data-testid^='grade-cell-'][aria-haspopup='listbox']").first();
  await cell.focus();
  const emptied = (await cell.innerText()).trim() !== "";
  if (emptied) {
    const answer = saved();
    await page.keyboard.press("Delete");
    await answer;
  }
  await expect(cell).toHaveText("");
  await cell.click();
  const list = page.getByRole("listbox");
  await expect(list).toBeFocused();
  const choices = list.getByRole("option");
  const count = await choices.count();
  await expect(choices.last()).toHaveText("Sin nota");
  // Up from nothing: the last grade, not "no grade"; down from nothing: the first.
  await page.keyboard.press("ArrowUp");
  await expect(choices.nth(count - 2)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(cell).toBeFocused();
  await cell.click();
  await page.keyboard.press("ArrowDown");
  await expect(choices.first()).toBeFocused();
  // Tab leaves the list on the cell, nothing chosen.
  await page.keyboard.press("Tab");
  await expect(list).toBeHidden();
  await expect(cell).toBeFocused();
  await expect(cell).toHaveText("");
  // A stray Enter or Escape on the closed cell changes nothing either.
  await page.keyboard.press("Escape");
  await expect(cell).toHaveText("");

  // A descriptive cell: a comment written on purpose, then opened again and a stray Enter before closing.
  const text = grid.locator("button[data-testid^='grade-cell-']:not([aria-haspopup])").first();
  const testId = (await text.getAttribute("data-testid"))!;
  await text.click();
  const box = page.getByTestId(`${testId}-text`);
  await box.fill("Participa en clase.");
  const answer = saved();
  await page.getByRole("button", { name: "Listo" }).click();
  await answer;
  await expect(text).toHaveText("Participa en clase.");
  await text.click();
  await expect(box).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Listo" }).click();
  await expect(box).toBeHidden();
  await expect(text).toHaveText("Participa en clase.");
  await page.waitForLoadState("networkidle");
  // The saves asked for and no other: the Delete (when the cell held a grade) and the comment.
  expect(saves).toHaveLength(emptied ? 2 : 1);
});

test("the student's grade drawer shows each mark under its term", async ({ page }) => {
  const { token } = await signInAs(page, ADMIN, "es");
  const headers = { authorization: `Bearer ${token}` };
  const students = (await (await page.request.get("/api/admStudent/get?pick=true", { headers })).json()).data.Results as { ID: number; name: string }[];
  let found: { student: { ID: number; name: string }; term: { ID: number; name: string }; marks: number[] } | null = null;
  for (const student of students.slice(0, 10)) {
    const grades = (await (await page.request.get(`/api/admGrades/getByStudent/${student.ID}`, { headers })).json()).data;
    const concepts = (grades?.subjects ?? []).flatMap((s: { concepts: { ID: number; parentId: number | null; level: number; name: string }[] }) => s.concepts);
    const term = concepts.find((c: { level: number; ID: number }) => c.level === 1 && concepts.some((d: { parentId: number | null }) => d.parentId === c.ID));
    if (term) {
      found = { student, term, marks: concepts.filter((c: { parentId: number | null }) => c.parentId === term.ID).map((c: { ID: number }) => c.ID) };
      break;
    }
  }
  expect(found).not.toBeNull();
  const { student, term, marks } = found!;

  await page.goto("/app/admStudent");
  await page.getByTestId("search-input").fill(student.name.split(/[ ,]+/)[0]!);
  await rowAction(page, "grades", student.ID);
  const dialog = page.getByTestId("student-grades");
  const group = dialog.getByTestId(`student-group-${term.ID}`);
  // The term's name heads its own marks, and no other term's.
  await expect(group.locator("tr").first()).toContainText(term.name);
  for (const mark of marks) await expect(group.getByTestId(`student-grade-${mark}`)).toHaveCount(1);
  await expect(group.locator("tr")).toHaveCount(marks.length + 1);
});

test("auto-complete asks first, and fills only a column's empty cells with the chosen grade; print lays out the sheet for paper", async ({ page }) => {
  // Auto-complete is offered on a sheet without text concepts: the demo's subjects each have a descriptive conclusion,
  // hidden for this test and shown again after it.
  const hidden = await withDatabase(async (db) =>
    (await db.query<{ id: number }>(`UPDATE "EvalConcept" SET hidden = true WHERE type = 2 AND NOT hidden RETURNING id`)).rows.map((r) => r.id),
  );
  try {
    await autoCompleteAndPrint(page);
  } finally {
    await withDatabase((db) => db.query(`UPDATE "EvalConcept" SET hidden = false WHERE id = ANY($1)`, [hidden]));
  }
});

async function autoCompleteAndPrint(page: Page) {
  const grid = await openSheet(page);
  // The first column offered whose cells are not all graded (the third term is graded in part).
  const column = await grid.getByTestId("grade-autocomplete").evaluate((row) => {
    const cells = [...row.querySelectorAll("td")];
    const empty = (c: number) =>
      [...document.querySelectorAll<HTMLElement>(`[data-testid='grade-grid'] tbody [data-cell$=':${c}']`)].some(
        (cell) => (cell instanceof HTMLInputElement ? cell.value : (cell.textContent ?? "")).trim() === "",
      );
    return cells.findIndex((td, c) => td.querySelector("select") !== null && empty(c));
  });
  expect(column).toBeGreaterThanOrEqual(0);
  const choice = grid.getByTestId("grade-autocomplete").locator("td").nth(column).locator("select");
  const conceptId = Number((await choice.getAttribute("data-testid"))!.replace("grade-autocomplete-", ""));
  const value = (await choice.locator("option").last().getAttribute("value"))!;

  // Cancelling the question sends nothing.
  let saves = 0;
  page.on("request", (request) => void (isSave(request.method(), request.url()) && saves++));
  await choice.selectOption(value);
  const dialog = page.getByTestId("grade-autocomplete-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).first().click();
  await expect(dialog).toBeHidden();
  expect(saves).toBe(0);

  await choice.selectOption(value);
  const saved = page.waitForRequest((request) => isSave(request.method(), request.url()));
  await page.getByTestId("grade-autocomplete-confirm").click();
  const body = (await saved).postDataJSON() as { grades: { conceptId: number; gradeNum: number | null; gradeTxt: string | null }[] };
  expect(body.grades.length).toBeGreaterThan(0);
  for (const cell of body.grades) {
    expect(cell.conceptId).toBe(conceptId);
    expect(cell.gradeNum === Number(value) || cell.gradeTxt === value).toBe(true);
  }
  await expect(dialog).toBeHidden();

  // Print: the paper view is drawn with the sheet's students, the browser's print is asked for once, and the view goes after it.
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => void counted.printed++;
  });
  // The name's cell also holds the photo's initials: the name is its longest line.
  const nameLines = (await grid.locator("tbody tr[data-testid^='grade-row-'] th").first().innerText()).split("\n").map((line) => line.trim());
  const firstName = nameLines.reduce((a, b) => (b.length > a.length ? b : a));
  await page.getByTestId("grade-print-button").click();
  const paper = page.getByTestId("grade-print");
  await expect(paper).toBeAttached();
  await expect(paper).toContainText(firstName);
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await expect(paper).not.toBeAttached();
}
