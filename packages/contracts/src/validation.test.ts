import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Translate, validationErrorMap } from "./error-map.ts";
import { fieldErrors } from "./validation.ts";
import { ZLoginForm } from "./session/index.ts";

const catalogue: Record<string, string> = {
  "validation.required": "El campo :attribute es requerido.",
  "validation.email": "El campo :attribute no es un correo válido",
  "validation.max": ":attribute no debe ser mayor a :max caracteres.",
  "validation.min": ":attribute no debe ser menor a :min caracteres.",
  "fields.user": "correo",
  "fields.pass": "contraseña",
  "fields.name": "nombre",
};
const t: Translate = (key, values = {}) => (catalogue[key] ?? key).replace(/:(\w+)/g, (w, n: string) => (n in values ? String(values[n]) : w));

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { error: validationErrorMap(t) });
  return result.success ? {} : fieldErrors(result.error);
};

describe("validationErrorMap", () => {
  it("gives the spec's required and e-mail messages with the field's label", () => {
    expect(errorsOf(ZLoginForm, {})).toEqual({ user: "El campo correo es requerido.", pass: "El campo contraseña es requerido." });
    expect(errorsOf(ZLoginForm, { user: "ana@", pass: "x" })).toEqual({ user: "El campo correo no es un correo válido" });
    expect(errorsOf(ZLoginForm, { user: "  ", pass: "x" })).toEqual({ user: "El campo correo es requerido." });
  });

  it("gives the max and min messages with their numbers", () => {
    const schema = z.object({ name: z.string().min(3).max(5) });
    expect(errorsOf(schema, { name: "abcdef" })).toEqual({ name: "nombre no debe ser mayor a 5 caracteres." });
    expect(errorsOf(schema, { name: "ab" })).toEqual({ name: "nombre no debe ser menor a 3 caracteres." });
  });
});

describe("required choices", () => {
  it("say 'is required' for an empty required choice and an empty required list", () => {
    const schema = z.object({ name: z.union([z.string().min(1), z.number()]), user: z.array(z.number()).min(1) });
    expect(errorsOf(schema, { user: [] })).toEqual({ name: "El campo nombre es requerido.", user: "El campo correo es requerido." });
  });
});
