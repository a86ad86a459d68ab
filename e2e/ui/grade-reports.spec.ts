import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { ADMIN, expect, rowAction, signInAs, TEACHER, test } from "../fixtures";

/** The id of the concept whose header reads `abrev`. */
async function conceptIdOf(page: Page, abrev: string): Promise<string> {
  const head = page
    .getByTestId("grade-grid")
    .locator("th[data-testid^='grade-head-']", { hasText: new RegExp(`^${abrev}$`) })
    .first();
  return /^grade-head-(\d+)/.exec((await head.getAttribute("data-testid"))!)![1]!;
}

test.describe("grade reports", () => {
  test("behaviour mode opens on report 4 with the teacher's section, and a final behaviour grade is typed with its shortcut", async ({ page }) => {
    await signInAs(page, TEACHER, "es");
    await page.goto("/app/admGradesBehavior");
    await expect(page.getByTestId("grade-report")).toHaveValue("4");
    const grid = page.getByTestId("grade-grid");
    await expect(grid).toBeVisible();

    const condf = await conceptIdOf(page, "CONDF");
    const cell = grid.locator(`[data-testid^='grade-cell-'][data-testid$='-${condf}']`).first();
    const other = (await cell.innerText()).trim() === "AD" ? "a" : "z";
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/admGrades/behavior");
    await cell.focus();
    await page.keyboard.press(other);
    const answer = (await (await saved).json()) as { status: number; data: { saved: number } };
    expect(answer.status).toBeGreaterThanOrEqual(0);
    expect(answer.data.saved).toBe(1);
    await expect(cell).toHaveText(other === "a" ? "A" : "AD");
  });

  test("the admin sees a section's final grades subject by subject, and the teachers of the section", async ({ page }) => {
    const { token: session } = await signInAs(page, ADMIN, "en");
    // The first section of the first grade is graded in the demo.
    const sections = (await (await page.request.get("/api/admGrades/defaultFilters", { headers: { authorization: `Bearer ${session}` } })).json()) as {
      data: { periodId: number };
    };
    const grades = (await (
      await page.request.get(`/api/admSuperSection/get?pick=true&periodId=${sections.data.periodId}`, { headers: { authorization: `Bearer ${session}` } })
    ).json()) as { data: { Results: { ID: number }[] } };
    const first = grades.data.Results[0]!.ID;

    await page.goto("/app/admGradesRep");
    await expect(page.getByTestId("grade-report")).toHaveValue("4");
    await page.getByTestId("grade-report").selectOption("3");
    await page.getByTestId("grade-filter-superSectionId").click();
    await page.getByTestId(`option-${first}`).click();
    await page.getByTestId("grade-filter-sectionId").click();
    await page.getByRole("option").first().click();

    const grid = page.getByTestId("grade-grid");
    await expect(grid.locator("th[data-testid^='grade-subject-']").first()).toBeVisible();
    expect(await grid.locator("th[data-testid^='grade-subject-']").count()).toBeGreaterThan(3);
    // Level 0 shows each subject's final average, to two decimals with its letter.
    await expect(
      grid
        .locator("td")
        .filter({ hasText: /^\d\.\d\d \((AD|A|B|C)\)$/ })
        .first(),
    ).toBeVisible();

    await page.getByTestId("grade-teachers-button").click();
    const teachers = page.getByTestId("grade-teachers-table");
    await expect(teachers.locator("tbody tr").first()).toBeVisible();
    await page.getByTestId("grade-teachers-close").click();
  });

  test("a student's report card opens as a PDF holding the student's name", async ({ page }) => {
    await signInAs(page, TEACHER, "es");
    await page.goto("/app/admGrades");
    const grid = page.getByTestId("grade-grid");
    await expect(grid).toBeVisible();
    const name = grid.locator("[data-testid^='grade-name-']").first();
    const studentId = /^grade-name-(\d+)$/.exec((await name.getAttribute("data-testid"))!)![1]!;
    const fullName = (await name.innerText()).trim();

    await signInAs(page, ADMIN, "es");
    await page.goto("/app/admStudent");
    await page.getByTestId("search-input").fill(fullName.split(" ")[0]!);
    await rowAction(page, "grades", studentId);
    const dialog = page.getByTestId("student-grades");
    await expect(dialog.getByRole("heading", { level: 3 }).first()).toBeVisible();

    const download = page.waitForEvent("download");
    await dialog.getByTestId("student-report-card").click();
    expect((await download).suggestedFilename()).toMatch(/^libreta-.+\.pdf$/);
    const pdf = await getDocumentProxy(new Uint8Array(await readFile((await (await download).path())!)));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const part of fullName.split(/[ ,]+/).filter(Boolean)) expect(text).toContain(part);
  });
});
