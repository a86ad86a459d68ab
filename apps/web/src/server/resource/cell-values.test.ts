import { describe, expect, it } from "vitest";
import { readDate, readDateTime, readNumber, readTime } from "./cell-values.ts";
import { decodeText, parseCsv } from "./csv.ts";

describe("cells as a school's spreadsheet writes them", () => {
  it("reads the dates of the person's Excel, ISO dates, and passes anything else on untouched", () => {
    expect(readDate("14/03/2016", "es")).toBe("2016-03-14");
    expect(readDate("1-2-2015", "es")).toBe("2015-02-01");
    expect(readDate("3/14/2016", "en")).toBe("2016-03-14");
    expect(readDate("2016/3/4", "es")).toBe("2016-03-04");
    expect(readDate("2016-03-14", "en")).toBe("2016-03-14");
    for (const text of ["03/04/05", "marzo 2016", "14/03/16"]) expect(readDate(text, "es")).toBe(text);
  });

  it("reads times with or without seconds and in twelve hours, and dates with their time", () => {
    expect(readTime("8:30")).toBe("08:30");
    expect(readTime("08:30:00")).toBe("08:30");
    expect(readTime("2:05 p. m.")).toBe("14:05");
    expect(readTime("12:10 AM")).toBe("00:10");
    expect(readTime("1899-12-30 07:45")).toBe("07:45");
    expect(readTime("13:00 pm")).toBe("13:00 pm");
    expect(readDateTime("06/07/2026 8:00", "es")).toBe("2026-07-06 08:00");
    expect(readDateTime("2026-07-06 08:00", "es")).toBe("2026-07-06 08:00");
  });

  it("reads decimal commas and grouped thousands, and nothing that is no number", () => {
    expect(readNumber("3,5")).toBe(3.5);
    expect(readNumber("1.234,5")).toBe(1234.5);
    expect(readNumber("1,234.5")).toBe(1234.5);
    expect(readNumber("-0,25")).toBe(-0.25);
    expect(readNumber("30")).toBe(30);
    for (const text of ["tres", "3,5,1", "1e3", ""]) expect(readNumber(text)).toBeNull();
  });

  it("decodes UTF-8 (with its mark or without), Windows-1252 and UTF-16 files", () => {
    const text = "Código;Sección\nPeña Íñiguez José;3.º A";
    expect(decodeText(Buffer.from(text, "latin1"))).toBe(text);
    expect(decodeText(Buffer.from(`\uFEFF${text}`, "utf8"))).toBe(text);
    expect(decodeText(Buffer.from(text, "utf8"))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]))).toBe(text);
    expect(parseCsv(decodeText(Buffer.from(text, "latin1")))).toEqual([
      ["Código", "Sección"],
      ["Peña Íñiguez José", "3.º A"],
    ]);
  });
});
