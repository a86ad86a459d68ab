import { zodResolver } from "@hookform/resolvers/zod";
import { labelKeyOf, recordSchema, RESOURCES, validationErrorMap } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import { translator } from "../../../server/i18n.ts";

/** What a resource form shows under each field after a failed submit: react-hook-form's resolver over the API's schema. */
async function formErrors(id: keyof typeof RESOURCES, values: Record<string, unknown>, locale: "es" | "en") {
  const def = RESOURCES[id];
  const resolver = zodResolver(recordSchema(def, "create"), { error: validationErrorMap(translator(locale), labelKeyOf(def)) });
  const { errors } = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, (error as { message?: string }).message]));
}

describe("a form's messages under radio and select fields", () => {
  it("name the field in Spanish", async () => {
    const errors = await formErrors("admStudent", { gender: "", status: "" }, "es");
    expect(errors).toMatchObject({ gender: "El campo Sexo es requerido.", status: "El campo Estado es requerido." });
    expect(await formErrors("admSection", { parentId: "" }, "es")).toMatchObject({ parentId: "El campo Grado es requerido." });
  });

  it("name the field in English", async () => {
    const errors = await formErrors("admStudent", { gender: "", status: "" }, "en");
    expect(errors).toMatchObject({ gender: "The Sex field is required.", status: "The Status field is required." });
    expect(await formErrors("admSection", { parentId: "" }, "en")).toMatchObject({ parentId: "The Grade field is required." });
  });
});
