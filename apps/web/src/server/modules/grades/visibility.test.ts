import { describe, expect, it } from "vitest";
import { gradesVisibility, type GradesException, type GradesSettings } from "./visibility.ts";

const now = new Date("2026-06-15T12:00:00Z");
const past = new Date("2026-06-01T00:00:00Z");
const future = new Date("2026-07-01T00:00:00Z");
const period = (fields: Partial<GradesSettings> = {}): GradesSettings => ({
  showGradesFrom: past,
  showGradesOnline: true,
  showGradesOnlineMsg: "Notas del periodo",
  showGradesPDFMsg: "Notas provisionales",
  ...fields,
});
const exception = (fields: Partial<GradesException> = {}): GradesException => ({
  showGradesDefault: true,
  showGradesFrom: future,
  showGradesOnline: true,
  showGradesOnlineMsg: "Notas del grado",
  showGradesPDFMsg: "Notas del grado aún provisionales",
  ...fields,
});

describe("online grade visibility (001 §3, §5 Period)", () => {
  it("shows grades online once showGradesFrom has come and showGradesOnline is on, without the PDF message", () => {
    expect(gradesVisibility(period(), null, now)).toEqual({ online: true, from: past, onlineMsg: "Notas del periodo", pdfMsg: null });
    expect(gradesVisibility(period({ showGradesFrom: now }), null, now).online).toBe(true);
  });

  it("hides them while showGradesOnline is off, whatever the date", () => {
    expect(gradesVisibility(period({ showGradesOnline: false }), null, now).online).toBe(false);
  });

  it("hides them before showGradesFrom and prints the PDF message meanwhile", () => {
    expect(gradesVisibility(period({ showGradesFrom: future }), null, now)).toEqual({
      online: false,
      from: future,
      onlineMsg: "Notas del periodo",
      pdfMsg: "Notas provisionales",
    });
  });

  it("reads blank messages as none", () => {
    const v = gradesVisibility(period({ showGradesFrom: future, showGradesOnlineMsg: "  ", showGradesPDFMsg: "" }), null, now);
    expect(v).toMatchObject({ onlineMsg: null, pdfMsg: null });
  });

  it("lets an enabled exception of the grade replace the period's settings", () => {
    expect(gradesVisibility(period(), exception(), now)).toEqual({
      online: false,
      from: future,
      onlineMsg: "Notas del grado",
      pdfMsg: "Notas del grado aún provisionales",
    });
    expect(gradesVisibility(period({ showGradesOnline: false, showGradesFrom: future }), exception({ showGradesFrom: past }), now)).toMatchObject({
      online: true,
      pdfMsg: null,
    });
  });

  it("keeps the period's date when the exception leaves it empty", () => {
    expect(gradesVisibility(period({ showGradesFrom: future }), exception({ showGradesFrom: null, showGradesOnline: true }), now)).toMatchObject({
      online: false,
      from: future,
      pdfMsg: "Notas del grado aún provisionales",
    });
  });

  it("ignores a disabled exception", () => {
    expect(gradesVisibility(period(), exception({ showGradesDefault: false }), now)).toEqual(gradesVisibility(period(), null, now));
  });
});
