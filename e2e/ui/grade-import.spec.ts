import { writeFile } from "node:fs/promises";
import { readXlsx } from "../../apps/web/src/test-support/read-xlsx.ts";
import { ADMIN, apiLogin, expect, rowAction, signInAs, TEACHER, test } from "../fixtures";

type Envelope<T> = { status: number; data: T };

/** A CSV field, quoted when it holds a separator, a quote or a line break. */
const field = (value: unknown) => (/[",;\n]/.test(String(value ?? "")) ? `"${String(value).replace(/"/g, '""')}"` : String(value ?? ""));

test.describe("grade import and the subject row's deep link", () => {
  test("a subject row opens the grade sheet on its grade and course, and imports grades from a CSV after a preview", async ({ page }, testInfo) => {
    // The teacher's first course-section: a subject taught in a section, with students and concepts.
    const teacher = await apiLogin(page.request, TEACHER);
    const course = (
      (await (await page.request.get("/api/admGrades/defaultFilters", { headers: { authorization: `Bearer ${teacher.token}` } })).json()) as Envelope<{
        activityId: number;
        sectionId: number;
      }>
    ).data;
    const { token } = await signInAs(page, ADMIN, "es");
    const subject = (
      (await (await page.request.get(`/api/admSubject/get/${course.activityId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Envelope<{
        name: string;
      }>
    ).data;

    await page.goto("/app/admSubject");
    await page.getByTestId("search-input").fill(subject.name);
    await rowAction(page, "enterGrades", course.activityId);
    await expect(page).toHaveURL(/\/app\/admGrades\?deepLink=/);
    await expect(page.getByTestId("grade-report")).toHaveValue("5");
    await page.getByTestId("grade-filter-sectionId").click();
    await page.getByTestId(`option-${course.sectionId}`).click();
    await expect(page.getByTestId("grade-grid")).toBeVisible();

    await page.goto("/app/admSubject");
    await page.getByTestId("search-input").fill(subject.name);
    await rowAction(page, "importGrades", course.activityId);
    const dialog = page.getByTestId("grade-import");
    await dialog.getByTestId("import-sectionId").selectOption(String(course.sectionId));
    const c1 = dialog.getByTestId("import-c1");
    await expect(c1.locator("option").nth(1)).toBeAttached();
    await c1.selectOption((await c1.locator("option").nth(1).getAttribute("value"))!);
    // What is chosen is not lost to a click outside: the dialog asks, and keeping keeps the choice.
    await page.mouse.click(10, 300);
    await expect(page.getByTestId("close-guard")).toBeVisible();
    await page.getByTestId("close-guard-keep").click();
    await expect(dialog.getByTestId("import-sectionId")).toHaveValue(String(course.sectionId));

    // The template lists the section's students with their current grades; the CSV changes the first one.
    const download = page.waitForEvent("download");
    await dialog.getByTestId("import-template").click();
    const lines = (await readXlsx((await (await download).path())!))[0]!.rows;
    const [header, first] = [lines[0]!, lines[1]!];
    const next = first[1] === 8 ? 7 : 8;
    const csv = testInfo.outputPath("notas.csv");
    await writeFile(csv, [header.map(field).join(","), [first[0], next].map(field).join(",")].join("\n"));

    await dialog.getByTestId("import-csvfile").setInputFiles(csv);
    await dialog.getByTestId("import-preview-run").click();
    await expect(dialog.getByTestId("import-preview")).toContainText(`→ ${next}`);
    await dialog.getByTestId("import-run").click();
    await expect(page.getByText("Se han importando las notas!")).toBeVisible();
  });
});
