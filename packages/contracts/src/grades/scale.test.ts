import { describe, expect, it } from "vitest";
import { letterOf, minimumOf, numberOf, passes, qualificationForKey, toneOf, weightedAverage } from "./scale.ts";

describe("the grading scale", () => {
  it("maps a rounded 1-8 to its letter (000 §3) and back to the highest number of that letter", () => {
    expect([8, 7, 6, 5, 4, 3, 2, 1].map((n) => letterOf(n))).toEqual(["AD", "A", "A", "B", "B", "C", "C", "C"]);
    expect(letterOf(6.5)).toBe("A");
    expect(letterOf(4.49)).toBe("B");
    expect(letterOf(null)).toBeNull();
    expect(letterOf(9)).toBe("AD");
    expect(["AD", "A", "B", "C", "x"].map((l) => numberOf(l))).toEqual([8, 7, 5, 3, null]);
    expect(["B+", "B-", "D", "F", " a "].map((l) => numberOf(l))).toEqual([6, 4, 2, 1, 7]);
    expect(letterOf(7, "AD,AD,A,A,B,B,C,C,C")).toBe("AD");
  });

  it("colours numbers and letters with the spec's classes", () => {
    expect([8, 7, 6, 5, 4, 3, 2, 1].map((n) => toneOf(n))).toEqual(["blue", "green", "lightblue", "yellow", "orange", "red", "brown", "gray"]);
    expect(["AD", "A", "B+", "B", "B-", "C", "D", "F"].map((l) => toneOf(l))).toEqual([
      "blue",
      "green",
      "lightblue",
      "yellow",
      "orange",
      "red",
      "brown",
      "gray",
    ]);
    expect(toneOf("")).toBeNull();
  });

  it("picks qualifications by key, only among the concept's choices; s clears", () => {
    const choices = "AD,A,B,C";
    expect(["z", "a", "b", "c", "Z"].map((k) => qualificationForKey(k, choices))).toEqual(["AD", "A", "B", "C", "AD"]);
    expect(qualificationForKey("s", choices)).toBeNull();
    expect(qualificationForKey("+", choices)).toBeUndefined();
    expect(qualificationForKey("+", "AD,A,B+,B,B-,C,D,F")).toBe("B+");
    expect(qualificationForKey("q", choices)).toBeUndefined();
  });
});

describe("weighted averages (001 §3)", () => {
  const auto = (value: number | null) => ({ value, weightType: "auto", weight: -1 });
  const manual = (value: number | null, weight: number) => ({ value, weightType: "manual", weight });
  const none = (value: number | null) => ({ value, weightType: "none", weight: 0 });

  it("weighs auto children equally", () => {
    expect(weightedAverage([auto(8), auto(5), auto(6)])).toBe(6.33);
  });

  it("weighs manual children by their percent and leaves the rest to auto ones", () => {
    expect(weightedAverage([manual(8, 50), manual(4, 50)])).toBe(6);
    expect(weightedAverage([manual(8, 60), auto(4), auto(2)])).toBe(6);
  });

  it("leaves out none children and children without a grade yet", () => {
    expect(weightedAverage([auto(8), none(0), auto(null)])).toBe(8);
    expect(weightedAverage([manual(8, 30), manual(null, 70)])).toBe(8);
    expect(weightedAverage([none(7), auto(null)])).toBeNull();
    expect(weightedAverage([])).toBeNull();
  });
});

describe("passing a subject (001 §3 Subject: minToPass, minToPassNum)", () => {
  const quantitative = { type: 0, qualifications: "AD,A,A,B,B,C,C,C,C", minToPass: null, minToPassNum: 4 };
  const qualitative = { type: 1, qualifications: "AD,A,A,B,B,C,C,C,C", minToPass: "B", minToPassNum: null };

  it("compares a quantitative subject's final grade, decimals and all, with minToPassNum", () => {
    expect([4, 3.99, 7.5, 0].map((g) => passes(g, quantitative))).toEqual([true, false, true, false]);
    expect(minimumOf(quantitative)).toBe("4");
  });

  it("compares a qualitative subject's letter on its own scale with minToPass", () => {
    // 4.4 rounds to 4, a B on this scale; 3.4 rounds to 3, a C.
    expect([4.4, 3.4, 8, 5].map((g) => passes(g, qualitative))).toEqual([true, false, true, true]);
    expect(passes(6, { ...qualitative, minToPass: "A", qualifications: "AD,AD,A,A,B,B,C,C,C" })).toBe(true);
    expect(passes(4, { ...qualitative, minToPass: "A", qualifications: "AD,AD,A,A,B,B,C,C,C" })).toBe(false);
    expect(minimumOf(qualitative)).toBe("B");
  });

  it("passes every grade when the subject sets no minimum of its kind", () => {
    expect(passes(0, { ...quantitative, minToPassNum: null, minToPass: "B" })).toBe(true);
    expect(passes(0, { ...qualitative, minToPass: null, minToPassNum: 5 })).toBe(true);
    expect(passes(0, { ...qualitative, minToPass: "zz" })).toBe(true);
    expect(minimumOf({ ...qualitative, minToPass: null })).toBeNull();
  });
});
