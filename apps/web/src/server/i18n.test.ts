import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import { translator } from "./i18n.ts";

describe("the API's messages", () => {
  it("count by each language's plural rules", () => {
    expect(translator("en")("api.imported", { count: 1 })).toBe("1 record imported.");
    expect(translator("en")("api.imported", { count: 3 })).toBe("3 records imported.");
    expect(translator("es")("validation.max", { attribute: "Nota", max: 1 })).toBe("Nota no debe ser mayor a 1 carácter.");
    expect(translator("es")("validation.max", { attribute: "Nota", max: 200 })).toBe("Nota no debe ser mayor a 200 caracteres.");
  });

  it("fill :name placeholders in the caller's language", () => {
    expect(translator("es")("validation.required", { attribute: "nombre" })).toBe(es.validation.required.replace(":attribute", "nombre"));
    expect(translator("en")("validation.required", { attribute: "name" })).toBe(en.validation.required.replace(":attribute", "name"));
  });
});
