import type { TAttendanceSession } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import { choiceQuery, parseChoice, registerHref, teachersOf } from "./day-choice.ts";
import { countStatuses, statusOfKey } from "./status-look.ts";

const TODAY = "2026-05-04";
const parse = (query: string, daily = true) => parseChoice(new URLSearchParams(query), daily, TODAY);

const session = (over: Partial<TAttendanceSession>): TAttendanceSession => ({
  ID: 1,
  day: TODAY,
  kind: "part",
  sectionId: 3,
  partId: 9,
  groupId: null,
  sectionName: "3.º A",
  subjectName: "Matemática",
  groupName: null,
  masterId: 7,
  masterName: "Docente Diego",
  started: false,
  total: 20,
  counts: [20, 0, 0, 0],
  ...over,
});

describe("the register screens' address", () => {
  it("opens on today's daily registers of every teacher, with nothing open", () => {
    expect(parse("")).toEqual({ day: TODAY, daily: true, master: null, session: null, part: 0 });
    expect(parse("", false).daily).toBe(false);
  });

  it("ignores what is not a day, a teacher or a register", () => {
    expect(parse("dt=2026-02-30&master=abc&session=-4&part=x")).toEqual({ day: TODAY, daily: true, master: null, session: null, part: 0 });
  });

  it("reads back what it wrote", () => {
    const choice = { day: "2026-06-01", daily: false, master: 12, session: 345, part: 9 };
    expect(parse(choiceQuery(choice))).toEqual(choice);
    expect(choiceQuery({ ...choice, session: null })).toBe("dt=2026-06-01&daily=0&master=12");
  });

  it("sends a class session's button to the control screen on its register and day", () => {
    expect(registerHref(session({ ID: 345, day: "2026-06-01" }))).toBe("/app/admAttendanceControl?dt=2026-06-01&daily=0&session=345&part=9");
    expect(registerHref(session({ ID: 8, kind: "section", partId: null }))).toBe(`/app/admAttendanceControl?dt=${TODAY}&daily=1&session=8&part=0`);
  });

  it("offers each teacher of the day's registers once, by name", () => {
    const found = teachersOf([
      session({ ID: 1, masterId: 7, masterName: "Ruiz, Ana" }),
      session({ ID: 2, masterId: 5, masterName: "Bravo, Luis" }),
      session({ ID: 3, masterId: 7, masterName: "Ruiz, Ana" }),
      session({ ID: 4, masterId: null, masterName: null }),
    ]);
    expect(found).toEqual([
      { id: 5, name: "Bravo, Luis" },
      { id: 7, name: "Ruiz, Ana" },
    ]);
  });
});

describe("the register's keys and counters", () => {
  const es = { "1": "P", "2": "T", "3": "F" } as const;
  const en = { "1": "P", "2": "L", "3": "A" } as const;

  it("reads digits in any language and the letters of the screen's", () => {
    expect(["0", "1", "2", "3"].map((k) => statusOfKey(k, es))).toEqual([0, 1, 2, 3]);
    expect(["p", "T", "f"].map((k) => statusOfKey(k, es))).toEqual([1, 2, 3]);
    expect(["P", "l", "a"].map((k) => statusOfKey(k, en))).toEqual([1, 2, 3]);
    expect(["a", "4", "Enter", "c"].map((k) => statusOfKey(k, es))).toEqual([null, null, null, null]);
  });

  it("counts each status", () => {
    expect(countStatuses([{ status: 1 }, { status: 1 }, { status: 3 }, { status: 0 }])).toEqual([1, 2, 0, 1]);
  });
});
