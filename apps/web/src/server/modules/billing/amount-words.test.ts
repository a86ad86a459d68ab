import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-words.ts";

/** 001 §7: a receipt's total in words, es and en, from the decimal text (never a float). */
describe("amountInWords", () => {
  const es = (amount: string, curr = "PEN") => amountInWords(amount, curr, "es");
  const en = (amount: string, curr = "PEN") => amountInWords(amount, curr, "en");

  it("writes Spanish as Peruvian receipts do", () => {
    expect(es("350.00")).toBe("TRESCIENTOS CINCUENTA CON 00/100 SOLES");
    expect(es("0.00")).toBe("CERO CON 00/100 SOLES");
    expect(es("1.00")).toBe("UNO CON 00/100 SOLES");
    expect(es("15")).toBe("QUINCE CON 00/100 SOLES");
    expect(es("21.00")).toBe("VEINTIUNO CON 00/100 SOLES");
    expect(es("22.00")).toBe("VEINTIDÓS CON 00/100 SOLES");
    expect(es("100.00")).toBe("CIEN CON 00/100 SOLES");
    expect(es("101.00")).toBe("CIENTO UNO CON 00/100 SOLES");
    expect(es("1000.00")).toBe("MIL CON 00/100 SOLES");
    expect(es("1001.00")).toBe("MIL UNO CON 00/100 SOLES");
    expect(es("21000.00")).toBe("VEINTIÚN MIL CON 00/100 SOLES");
    expect(es("31000.00")).toBe("TREINTA Y UN MIL CON 00/100 SOLES");
    expect(es("1000000.00")).toBe("UN MILLÓN CON 00/100 SOLES");
    expect(es("2000000.00")).toBe("DOS MILLONES CON 00/100 SOLES");
    expect(es("21000001.00")).toBe("VEINTIÚN MILLONES UNO CON 00/100 SOLES");
    expect(es("1000000000.00")).toBe("MIL MILLONES CON 00/100 SOLES");
    expect(es("9999999999.99")).toBe(
      "NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100 SOLES",
    );
    expect(es("12.5", "USD")).toBe("DOCE CON 50/100 DÓLARES");
    expect(es("0.07")).toBe("CERO CON 07/100 SOLES");
  });

  it("writes English as a sentence", () => {
    expect(en("350.00")).toBe("Three hundred fifty and 00/100 soles");
    expect(en("0.00")).toBe("Zero and 00/100 soles");
    expect(en("1.00")).toBe("One and 00/100 soles");
    expect(en("15.00")).toBe("Fifteen and 00/100 soles");
    expect(en("21.00")).toBe("Twenty-one and 00/100 soles");
    expect(en("100.00")).toBe("One hundred and 00/100 soles");
    expect(en("101.00")).toBe("One hundred one and 00/100 soles");
    expect(en("1000.00")).toBe("One thousand and 00/100 soles");
    expect(en("1001.00")).toBe("One thousand one and 00/100 soles");
    expect(en("21000.00")).toBe("Twenty-one thousand and 00/100 soles");
    expect(en("1000000.00")).toBe("One million and 00/100 soles");
    expect(en("2000000.00")).toBe("Two million and 00/100 soles");
    expect(en("9999999999.99")).toBe(
      "Nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine and 99/100 soles",
    );
    expect(en("45.1", "USD")).toBe("Forty-five and 10/100 dollars");
  });

  it("refuses what is not an amount it can write", () => {
    for (const bad of ["", "-1.00", "1.234", "12345678901.00", "1e3", "12,50", "abc"]) expect(() => es(bad)).toThrow(RangeError);
  });
});
