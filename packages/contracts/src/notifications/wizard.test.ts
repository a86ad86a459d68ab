import { describe, expect, it } from "vitest";
import { fieldErrors } from "../validation.ts";
import { notificationWizardSchema, targetFields, wizardBody, wizardStepOf } from "./wizard.ts";

/** A new notification whose every step is filled: WhatsApp to a section's guardians, sent now. */
const filled = {
  name: "Feria",
  page: "general",
  doWA: true,
  doWATemplate: "school_notice",
  doMail: false,
  doPush: false,
  sendTo: 0,
  sectionIds: [3],
  sendOn: "2030-08-20 09:00",
  target: "sections",
  trigger: "now",
  tags: { actividad: "Feria", name: "" },
  phoneList: "",
  numbersFile: null,
};

/** What the schema refuses, as `field: params` (the messages are the error map's to word). */
function refusals(values: Record<string, unknown>): Record<string, unknown> {
  const result = notificationWizardSchema("create").safeParse(values, { error: (issue) => JSON.stringify(issue.params ?? issue.code) });
  return result.success ? {} : Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([field, message]) => [field, JSON.parse(message)]));
}

describe("the notification wizard's schema", () => {
  it("takes a filled wizard, and its body is the notification's fields alone", () => {
    const parsed = notificationWizardSchema("create").parse(filled);
    const body = wizardBody(parsed);
    expect(body).toMatchObject({ name: "Feria", doWA: true, doWATemplate: "school_notice", sectionIds: [3], sendOn: "2030-08-20 09:00" });
    for (const choice of ["target", "trigger", "tags", "phoneList", "numbersFile"]) expect(body).not.toHaveProperty(choice);
  });

  it("asks for a channel, a target and a trigger in the wizard's own words", () => {
    expect(refusals({ ...filled, doWA: false, target: "", trigger: "" })).toEqual({
      channels: { wizard: "selectType", values: {} },
      target: { wizard: "selectType", values: {} },
      trigger: { wizard: "selectTrigger", values: {} },
    });
  });

  it("asks for WhatsApp's template and for the title of an e-mail or a push, as the server does (002 §5)", () => {
    expect(refusals({ ...filled, doWATemplate: "" })).toEqual({ doWATemplate: { key: "required" } });
    expect(refusals({ ...filled, doWA: false, doPush: true, title: "  " })).toEqual({ title: { key: "required" } });
  });

  it("keeps the placeholders' separator out of a tag the sender fills, not out of a recipient's", () => {
    expect(refusals({ ...filled, tags: { actividad: "Feria | patio", name: "a|b" } })).toEqual({
      "tags.actividad": { wizard: "tagSeparator", values: { separator: "|" } },
    });
  });

  it("asks for the target's list, and for numbers unless a group holds them", () => {
    expect(refusals({ ...filled, sectionIds: [] })).toEqual({ sectionIds: { key: "required" } });
    expect(refusals({ ...filled, target: "group", groupId: "" })).toEqual({ groupId: { key: "required" } });
    expect(refusals({ ...filled, target: "numbers", sectionIds: [] })).toEqual({ phoneList: { key: "required" } });
    expect(refusals({ ...filled, target: "numbers", phoneList: "+51987654321" })).toEqual({});
    expect(refusals({ ...filled, target: "numbers", numbersFile: { name: "n.csv", data: "KzUx" } })).toEqual({});
    expect(refusals({ ...filled, target: "numbers", groupId: 7 })).toEqual({});
  });

  it("reports its own checks beside the notification's field rules, all at once", () => {
    expect(refusals({ ...filled, name: "", doWA: false, sendOn: "" })).toEqual({
      name: "too_small",
      sendOn: "too_small",
      channels: { wizard: "selectType", values: {} },
    });
  });

  it("opens the step that shows a refused field, the summary for any other", () => {
    expect(wizardStepOf("channels")).toBe("template");
    expect(wizardStepOf("tags.actividad")).toBe("template");
    expect(wizardStepOf("numbersFile")).toBe("target");
    expect(wizardStepOf("trigger")).toBe("when");
    expect(wizardStepOf("status")).toBe("summary");
  });

  it("writes a target into the recipient fields, a group's and specific numbers' by recipientType", () => {
    expect(targetFields("principals", 2)).toMatchObject({ sendTo: 0, filterBy: "principals", recipientType: null });
    expect(targetFields("numbers", 0)).toMatchObject({ filterBy: null, recipientType: 0 });
  });
});
