import { describe, expect, it } from "vitest";
import { startValues, tagValues } from "./model.ts";

const read = [
  { id: "name", defValue: "", hidden: true, readonly: true },
  { id: "actividad", defValue: "Feria", hidden: false, readonly: false },
  { id: "date", defValue: "2030-08-20", hidden: false, readonly: false },
];

describe("the wizard's tag values", () => {
  it("are what was typed, else the stored notification's, else the record's default (002 §7)", () => {
    expect(tagValues(read, read, "", {})).toEqual({ name: "", actividad: "Feria", date: "2030-08-20" });
    expect(tagValues(read, read, "|Kermés|", {})).toEqual({ name: "", actividad: "Kermés", date: "2030-08-20" });
    expect(tagValues(read, read, "|Kermés|", { actividad: "", date: "mañana" })).toEqual({ name: "", actividad: "", date: "mañana" });
  });

  it("keep the values read last while another read is on its way, for the tags both have", () => {
    const other = [{ id: "date", defValue: "", hidden: false, readonly: false }];
    expect(tagValues(other, read, "", {})).toEqual({ date: "2030-08-20" });
    expect(tagValues(other, undefined, "", {})).toEqual({ date: "" });
  });
});

describe("the wizard's values at an opening", () => {
  it("start blank, with no target and no trigger", () => {
    expect(startValues()).toMatchObject({ name: "", page: "general", target: "", trigger: "", tags: {}, phoneList: "", numbersFile: null });
  });

  it("aim a flow's send at the flow's group", () => {
    const about = { page: "fetch", objectId: 4, name: "Permiso", recipientType: 1, groupId: 9 };
    expect(startValues(about)).toMatchObject({ name: "Permiso", page: "fetch", objectId: 4, groupId: 9, target: "group" });
    expect(startValues({ ...about, recipientType: null })).toMatchObject({ groupId: "", target: "" });
  });

  it("take a stored notification's, sent on a date to the target it was written for", () => {
    const record = { ID: 5, name: "Aviso", recipientType: 0, groupId: 3, sendOn: "2030-08-20 09:00" };
    expect(startValues(undefined, record)).toMatchObject({ name: "Aviso", groupId: 3, target: "numbers", trigger: "date" });
  });
});
