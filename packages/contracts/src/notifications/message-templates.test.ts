import { describe, expect, it } from "vitest";
import { fillTemplate, joinPlaceholders, splitPlaceholders, templateTags } from "./message-templates.ts";

describe("message template tags", () => {
  const content = "Hola {{name}}, {{ student }} tiene {{actividad}} el {{date}}; {{name}} y {{1}}";

  it("lists each tag once, in the order it first appears, WhatsApp's numbered ones too", () => {
    expect(templateTags(content)).toEqual(["name", "student", "actividad", "date", "1"]);
    expect(templateTags(null)).toEqual([]);
  });

  it("keeps the sender's values in tag order, the recipient's slots empty, and reads them back", () => {
    const tags = templateTags(content);
    const joined = joinPlaceholders(tags, { name: "ignored", actividad: " Feria ", date: "2030-08-20", 1: "x" });
    expect(joined).toBe("||Feria|2030-08-20|x");
    expect(splitPlaceholders(tags, joined)).toEqual({ name: "", student: "", actividad: "Feria", date: "2030-08-20", 1: "x" });
    expect(splitPlaceholders(tags, null)).toEqual({ name: "", student: "", actividad: "", date: "", 1: "" });
  });

  it("fills the known tags and leaves the others for each recipient", () => {
    expect(fillTemplate(content, { actividad: "Feria", date: "" })).toBe("Hola {{name}}, {{ student }} tiene Feria el {{date}}; {{name}} y {{1}}");
  });
});
