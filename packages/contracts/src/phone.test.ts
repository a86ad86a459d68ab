import { describe, expect, it } from "vitest";
import { toE164, whatsappForms } from "./phone.ts";

describe("toE164", () => {
  it("reads a local number as one of the school's country", () => {
    expect(toE164("987 654 321", "PE")).toBe("+51987654321");
    expect(toE164("900111001", "PE")).toBe("+51900111001");
    // A Lima landline, with and without the trunk 0.
    expect(toE164("01 234 5678", "PE")).toBe("+5112345678");
    expect(toE164("212 555 0147", "US")).toBe("+12125550147");
    expect(toE164("(212) 555-0147", "US")).toBe("+12125550147");
    expect(toE164("55 1234 5678", "MX")).toBe("+525512345678");
  });

  it("reads an international number whatever the school's country, with + or 00", () => {
    expect(toE164("+51 987 654 321", "US")).toBe("+51987654321");
    expect(toE164("0051 987-654-321", "US")).toBe("+51987654321");
    expect(toE164("  +1 212 555 0147 ", "PE")).toBe("+12125550147");
    expect(toE164("+51987654321")).toBe("+51987654321");
    // The country code written without its +, as WhatsApp shows it, in a school of that country.
    expect(toE164("51987654321", "PE")).toBe("+51987654321");
  });

  it("gives nothing for what is not one whole valid number", () => {
    // Nine digits are a Peruvian mobile but no number of the United States.
    expect(toE164("987654321", "US")).toBeNull();
    // A local number needs a country to be read in.
    expect(toE164("987654321")).toBeNull();
    expect(toE164("987654321", null)).toBeNull();
    expect(toE164("+1 590 011 1001", "PE")).toBeNull();
    expect(toE164("12345", "PE")).toBeNull();
    expect(toE164("987654321 mamá", "PE")).toBeNull();
    expect(toE164("987654321 ext 5", "PE")).toBeNull();
    expect(toE164("+51 98765432x", "PE")).toBeNull();
    expect(toE164("", "PE")).toBeNull();
    expect(toE164("   ", "PE")).toBeNull();
    // An unknown country reads no local number (an international one still is).
    expect(toE164("987654321", "XX")).toBeNull();
    expect(toE164("+51987654321", "XX")).toBe("+51987654321");
  });
});

describe("whatsappForms", () => {
  it("matches the national forms a WhatsApp id and a kept number differ by", () => {
    // Mexico: the id keeps the 1 the plan dropped; a number typed today has none.
    expect(whatsappForms("5215512345678")).toEqual(["+525512345678", "+5215512345678"]);
    expect(whatsappForms("525512345678")).toEqual(["+525512345678", "+5215512345678"]);
    expect(whatsappForms("525512345678")[0]).toBe(toE164("55 1234 5678", "MX"));
    // Argentina: mobiles carry a 9 after 54 from abroad; schools often type them without.
    expect(whatsappForms("5491123456789")).toEqual(["+5491123456789", "+541123456789"]);
    expect(whatsappForms("541123456789")).toEqual(["+5491123456789", "+541123456789"]);
    // Brazil: an older id lacks the ninth digit of a mobile.
    expect(whatsappForms("551187654321")).toEqual(["+5511987654321", "+551187654321"]);
    expect(whatsappForms("5511987654321")).toEqual(["+5511987654321", "+551187654321"]);
    // A Brazilian landline (it starts 2-5) gains no digit.
    expect(whatsappForms("551132654321")).toEqual(["+551132654321"]);
  });

  it("keeps every other number whole, and refuses what is no number", () => {
    expect(whatsappForms("51987654321")).toEqual(["+51987654321"]);
    expect(whatsappForms("+51987654321")).toEqual(["+51987654321"]);
    expect(whatsappForms("0987654321")).toEqual([]);
    expect(whatsappForms("51 987")).toEqual([]);
  });
});
