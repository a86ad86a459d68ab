import { writeFile } from "node:fs/promises";
import { readXlsx } from "../../apps/web/src/test-support/read-xlsx.ts";
import { ADMIN, expect, expectAccessible, setTheme, signInAs, test } from "../fixtures";

/** A CSV cell as Excel in Spanish writes it: `;` between cells, quoted when it holds one. */
const cell = (value: unknown) => (/[";\n]/.test(String(value ?? "")) ? `"${String(value).replace(/"/g, '""')}"` : String(value ?? ""));

const CASES = [
  { width: 390, height: 844, dark: true },
  { width: 1440, height: 900, dark: false },
] as const;

for (const c of CASES) {
  test(`an administrator imports students and their families from one spreadsheet (${c.width} px, ${c.dark ? "dark" : "light"})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    const stamp = `${c.width}${Date.now().toString(36)}`.toUpperCase();
    const { token } = await signInAs(page, ADMIN, "es");
    // The mother's document and mobile, new to the school in each run.
    const serial = `${c.width === 390 ? 3 : 4}${String(Date.now()).slice(-7)}`;
    if (c.dark) await setTheme(page, "dark.blue");
    await page.goto("/app/admStudent");
    if (c.dark) await expect(page.locator("html")).toHaveClass(/dark/);

    await page.getByTestId("action-familyImport").click();
    const dialog = page.getByTestId("family-import");
    await expect(dialog.getByRole("heading", { name: "Importar alumnos y familias" })).toBeVisible();
    await expectAccessible(page, "[data-testid=family-import]");

    // The template, read back by another library than the one that wrote it: Spanish titles, an example line whose
    // grade and section are the school's, and a sheet that explains the columns.
    const download = page.waitForEvent("download");
    await dialog.getByTestId("family-import-template").click();
    const [data, help] = await readXlsx((await (await download).path())!);
    const header = data!.rows[0]!.map(String);
    expect(header.slice(0, 4)).toEqual(["Código del alumno", "Apellido paterno", "Apellido materno", "Nombres"]);
    expect(help!.name).toBe("Cómo llenarlo");
    const example = data!.rows[1]!;
    const [grade, section] = [String(example[header.indexOf("Grado")]), String(example[header.indexOf("Sección")])];

    // Two sisters who share their mother; the second line names a section the grade does not have.
    const row = (code: string, name: string, sectionName: string) => {
      const values: Record<string, string> = {
        "Código del alumno": code,
        "Apellido paterno": `Familia${stamp}`,
        "Apellido materno": "Ríos",
        Nombres: name,
        Sexo: "F",
        "Fecha de nacimiento": "14/03/2016",
        Grado: grade,
        Sección: sectionName,
        "Apoderado 1 nombres": "Elena",
        "Apoderado 1 apellidos": `Ríos ${stamp}`,
        "Apoderado 1 número de documento": serial,
        "Apoderado 1 celular": `+51 9${serial}`,
        "Apoderado 1 parentesco": "madre",
        "Apoderado 1 principal": "sí",
      };
      return header.map((title) => cell(values[title] ?? "")).join(";");
    };
    const csv = (second: string) => [header.map(cell).join(";"), row(`F-${stamp}-1`, "Alba", section), row(`F-${stamp}-2`, "Bruna", second)].join("\r\n");
    const file = testInfo.outputPath("familias.csv");
    await writeFile(file, csv("ZZ"));
    await dialog.getByTestId("family-import-file").setInputFiles(file);
    const check = dialog.getByTestId("family-import-check");
    await expect(check).toHaveAttribute("data-state", "refused");
    const problem = dialog.getByTestId("family-import-problems").locator("tbody tr").first();
    await expect(problem.locator("td").nth(0)).toHaveText("3");
    await expect(problem.locator("td").nth(1)).toContainText("Sección");
    await expect(problem.locator("td").nth(2)).toContainText("«ZZ»");
    await expect(dialog.getByTestId("family-import-run")).toBeDisabled();
    await expectAccessible(page, "[data-testid=family-import]");

    await writeFile(file, csv(section));
    await dialog.getByTestId("family-import-file").setInputFiles(file);
    await expect(check).toHaveAttribute("data-state", "checked");
    await expect(dialog.getByTestId("family-import-summary")).toContainText("Alumnos: 2 nuevos");
    await expect(dialog.getByTestId("family-import-summary")).toContainText("Apoderados: 1 nuevos");
    await dialog.getByTestId("family-import-run").click();
    await expect(check).toHaveAttribute("data-state", "imported");
    await expect(dialog.getByTestId("family-import-done")).toHaveText("Importado: 2 alumnos, 1 apoderados.");
    await expect(dialog.getByTestId("family-import-summary")).toContainText("Vínculos familiares: 2 nuevos");
    await expectAccessible(page, "[data-testid=family-import]");
    await dialog.getByTestId("family-import-close").click();

    // The students are in the list, in their section; their mother is one relative with both of them.
    const rows = page.locator("[data-testid^=grid-row-]");
    await page.getByTestId("search-input").fill(`Familia${stamp}`);
    await expect(rows.filter({ hasText: `F-${stamp}-1` })).toBeVisible();
    await expect(rows.filter({ hasText: `F-${stamp}-2` })).toContainText(section);
    await page.goto("/app/admRelatives");
    await page.getByTestId("search-input").fill(`Ríos ${stamp}`);
    await expect(rows.filter({ hasText: "Elena" })).toHaveCount(1);
    const answer = await page.request.get(`/api/admRelatives/get?filter=${encodeURIComponent(`Ríos ${stamp}`)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const relatives = ((await answer.json()) as { data: { Results: { name: string; cel: string; dependants: number }[] } }).data.Results;
    expect(relatives.map((r) => [r.name, r.cel, r.dependants])).toEqual([["Elena", `+519${serial}`, 2]]);
  });
}
