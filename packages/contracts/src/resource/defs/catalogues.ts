import { ATTENDANCE_STATUS } from "../../attendance/vocabulary.ts";
import { defineResource, FULL_ACTIONS, IMPORTABLE_ACTIONS } from "../types.ts";

/** Codes that travel in paths and lists (template IDs, catalogue types): letters, digits and dashes (001 §5). */
const CODE = { pattern: "^[A-Za-z0-9-]+$", patternKey: "code" } as const;

/** Catalogue values (001 §3 "Catalogue value", §5: type, value and label required); who and when are kept by the server. */
export const admOtlt = defineResource({
  id: "admOtlt",
  module: "admOtlt",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "type", type: "text", rules: { required: true, max: 50, ...CODE }, span: "half" },
    { name: "value", type: "text", rules: { required: true, max: 50 }, span: "half" },
    { name: "label", type: "text", rules: { required: true, max: 255 } },
    { name: "inactive", type: "switch", default: false },
    { name: "createdDate", type: "datetime", readOnly: "always", span: "half" },
    { name: "createdByName", type: "text", readOnly: "always", span: "half" },
    { name: "updatedDate", type: "datetime", readOnly: "always", span: "half" },
    { name: "updatedByName", type: "text", readOnly: "always", span: "half" },
  ],
  columns: [
    // The types the app reads by their names (the pickup ways, the tracking reasons); a school's own type by its code.
    { field: "type", kind: "chip", optionsOf: "type" },
    { field: "value" },
    { field: "label" },
    { field: "inactive", kind: "bool" },
    { field: "updatedDate", kind: "datetime" },
    { field: "updatedByName" },
  ],
  filters: [{ name: "type", type: "text", rules: { max: 50 } }],
  search: ["type", "value", "label"],
  pick: { name: ["label"], desc: "value" },
  orderBy: [
    { field: "type", dir: "asc" },
    { field: "label", dir: "asc" },
  ],
  actions: IMPORTABLE_ACTIONS,
});

/** The statuses an attendance type marks (001 §4): every one but pending. */
const MARKED_STATUSES = [ATTENDANCE_STATUS.present, ATTENDANCE_STATUS.late, ATTENDANCE_STATUS.absent] as const;

/** Attendance types (001 §3): the status they mark (001 §4: 1 present, 2 late, 3 absent) and whether guardians hear of it. */
export const admAttendanceType = defineResource({
  id: "admAttendanceType",
  module: "admAttendanceType",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "type", type: "select", rules: { required: true }, options: { kind: "values", values: MARKED_STATUSES }, default: ATTENDANCE_STATUS.absent },
    { name: "notify", type: "switch", default: false, span: "half" },
    {
      name: "notifyDelay",
      type: "number",
      rules: { integer: true, minValue: 0, maxValue: 1440 },
      default: 0,
      span: "half",
      hiddenWhen: { field: "notify", equals: false },
    },
    { name: "showInReports", type: "switch", default: true },
  ],
  columns: [
    { field: "name" },
    {
      field: "type",
      kind: "chip",
      optionsOf: "type",
      colors: { [ATTENDANCE_STATUS.present]: "success", [ATTENDANCE_STATUS.late]: "warning", [ATTENDANCE_STATUS.absent]: "danger" },
    },
    { field: "notify", kind: "bool" },
    { field: "notifyDelay", kind: "number", align: "end" },
    { field: "showInReports", kind: "bool" },
  ],
  search: ["name"],
  pick: { name: ["name"] },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: FULL_ACTIONS,
});

/** Symptoms and departures of the infirmary log (001 §3, §5: type, name and desc required). */
export const admInfirmaryValues = defineResource({
  id: "admInfirmaryValues",
  module: "admInfirmaryValues",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "type", type: "select", rules: { required: true }, options: { kind: "values", values: ["SYM", "OUT"] } },
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "desc", type: "text", rules: { required: true, max: 255 } },
  ],
  columns: [{ field: "type", kind: "chip", optionsOf: "type", colors: { SYM: "warning", OUT: "info" } }, { field: "name" }, { field: "desc" }],
  filters: [{ name: "type", type: "select", options: { kind: "values", values: ["SYM", "OUT"] } }],
  search: ["name", "desc"],
  pick: { name: ["name"], desc: "desc" },
  orderBy: [
    { field: "type", dir: "desc" },
    { field: "name", dir: "asc" },
  ],
  actions: IMPORTABLE_ACTIONS,
});

/** Calendar entries and resource times (001 §3 "Calendar entry"): `desc` is the entry's category, `duration` minutes. */
export const admDates = defineResource({
  id: "admDates",
  module: "admDates",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 150 } },
    { name: "desc", type: "text", rules: { max: 100 } },
    { name: "from", type: "datetime", rules: { required: true }, span: "half" },
    { name: "to", type: "datetime", rules: { required: true }, span: "half" },
    { name: "duration", type: "number", rules: { integer: true, minValue: 0, maxValue: 1440 }, span: "half" },
    { name: "noClasses", type: "switch", default: false, span: "half" },
    { name: "onDemand", type: "switch", default: false, span: "half" },
    { name: "blocker", type: "switch", default: false, span: "half" },
    { name: "inactive", type: "switch", default: false },
  ],
  columns: [
    { field: "name" },
    { field: "desc" },
    { field: "from", kind: "datetime" },
    { field: "to", kind: "datetime" },
    { field: "noClasses", kind: "bool" },
    { field: "onDemand", kind: "bool" },
    { field: "blocker", kind: "bool" },
    { field: "inactive", kind: "bool" },
  ],
  search: ["name", "desc"],
  pick: { name: ["name"], desc: "desc" },
  orderBy: [{ field: "from", dir: "desc" }],
  actions: IMPORTABLE_ACTIONS,
});

/**
 * Message templates (001 §3 "Localization template", §5: ID required, at most 32 letters, digits and dashes; name
 * required, max 100). The ID is the school's own code (`comms-en`), the one notifications name as their template.
 */
export const admLocalization = defineResource({
  id: "admLocalization",
  module: "admLocalization",
  keyType: "string",
  keyInput: true,
  pageSize: 40,
  fields: [
    { name: "ID", type: "text", readOnly: "create", rules: { required: true, max: 32, ...CODE }, span: "half" },
    { name: "type", type: "select", rules: { required: true }, options: { kind: "values", values: ["w", "m"] }, default: "m", span: "half" },
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "templateId", type: "text", rules: { max: 100 } },
    { name: "content", type: "textarea", rules: { max: 4096 } },
    { name: "contentHTML", type: "editor", rules: { max: 100_000 } },
    { name: "contentMD", type: "textarea", rules: { max: 100_000 } },
    { name: "printParams", type: "textarea", rules: { max: 2000 } },
  ],
  columns: [
    { field: "ID" },
    { field: "name" },
    { field: "type", kind: "chip", optionsOf: "type", colors: { w: "success", m: "info" } },
    { field: "templateId" },
  ],
  filters: [{ name: "type", type: "select", options: { kind: "values", values: ["w", "m"] } }],
  search: ["ID", "name", "templateId"],
  pick: { name: ["name"], desc: "ID" },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: FULL_ACTIONS,
});

/** Assignment questions (002 §2, §3): choices sorted and joined by '|', an English version of every text. */
export const admAssignmentQst = defineResource({
  id: "admAssignmentQst",
  module: "admAssignmentQst",
  keyType: "int",
  pageSize: 40,
  fields: [
    {
      name: "type",
      type: "select",
      rules: { required: true },
      options: { kind: "values", values: ["text", "number", "textarea", "check", "option", "optionMany"] },
      default: "text",
      group: "question",
    },
    { name: "name", type: "text", rules: { required: true, max: 255 }, group: "question" },
    { name: "desc", type: "textarea", rules: { max: 1000 }, group: "question" },
    { name: "placeholder", type: "text", rules: { max: 100 }, group: "question" },
    { name: "options", type: "sortable", rules: { max: 2000 }, group: "question" },
    { name: "inactive", type: "switch", default: false, group: "question" },
    { name: "nameEN", type: "text", rules: { max: 255 }, group: "english" },
    { name: "descEN", type: "textarea", rules: { max: 1000 }, group: "english" },
    { name: "placeholderEN", type: "text", rules: { max: 100 }, group: "english" },
    { name: "optionsEN", type: "sortable", rules: { max: 2000 }, group: "english" },
    { name: "correctAnswer", type: "text", rules: { max: 255 }, group: "grading" },
    { name: "points", type: "number", rules: { minValue: 0, maxValue: 1000 }, default: 1, step: 0.5, group: "grading", span: "half" },
    { name: "pointsNeg", type: "number", rules: { minValue: 0, maxValue: 1000 }, default: 0, step: 0.5, group: "grading", span: "half" },
  ],
  layout: { kind: "tabs", groups: ["question", "english", "grading"] },
  columns: [
    { field: "name" },
    { field: "type", kind: "chip", optionsOf: "type" },
    { field: "points", kind: "decimal", align: "end" },
    { field: "pointsNeg", kind: "decimal", align: "end" },
    { field: "inactive", kind: "bool" },
  ],
  search: ["name", "nameEN", "desc"],
  pick: { name: ["name"], desc: "type" },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: FULL_ACTIONS,
});

/** Categories of calendar entries, publications, photos and activities (`admCategory/get?pick=true&type=cal`, 002 §7). */
export const admCategory = defineResource({
  id: "admCategory",
  module: "admCategory",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "nameEN", type: "text", rules: { max: 100 } },
    { name: "type", type: "select", rules: { required: true }, options: { kind: "values", values: ["cal", "pub", "pho", "act"] } },
  ],
  columns: [
    { field: "name" },
    { field: "nameEN" },
    { field: "type", kind: "chip", optionsOf: "type", colors: { cal: "info", act: "info", pub: "success", pho: "success" } },
  ],
  filters: [{ name: "type", type: "select", options: { kind: "values", values: ["cal", "pub", "pho", "act"] } }],
  search: ["name", "nameEN"],
  pick: { name: ["name"] },
  orderBy: [
    { field: "type", dir: "asc" },
    { field: "name", dir: "asc" },
  ],
  actions: FULL_ACTIONS,
});

/** The audit trail (002 §2, §3 "Audit record"): read-only, searched and filtered by a date range (days at UTC-5). */
export const admAudit = defineResource({
  id: "admAudit",
  module: "admAudit",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "date", type: "datetime", readOnly: "always" },
    { name: "userName", type: "text", readOnly: "always" },
    // The record keeps the module's id (spec 002 §3); people read its name in their language.
    { name: "moduleId", type: "hidden", readOnly: "always" },
    { name: "moduleName", type: "text", readOnly: "always" },
    // duplicateCode / duplicateMail: a person who shared a code or e-mail when the rule came in (migration 20261125100000);
    // phoneUnverified: a person whose mobile could not be read as a phone number (migration 20261201010000).
    // invite / passwordSet: a staff member invited to choose their password, and their choosing it through the link.
    // pay / refund: a payment or refund of an order, its amounts and receipts in `detail`.
    {
      name: "action",
      type: "select",
      options: {
        kind: "values",
        values: ["create", "edit", "delete", "import", "duplicateCode", "duplicateMail", "phoneUnverified", "invite", "passwordSet", "pay", "refund"],
      },
      readOnly: "always",
    },
    { name: "recordId", type: "text", readOnly: "always" },
    { name: "IP", type: "text", readOnly: "always" },
  ],
  columns: [
    { field: "userName" },
    { field: "moduleName" },
    { field: "date", kind: "datetime" },
    {
      field: "action",
      kind: "chip",
      optionsOf: "action",
      colors: {
        create: "success",
        edit: "info",
        delete: "danger",
        import: "success",
        duplicateCode: "warning",
        duplicateMail: "warning",
        phoneUnverified: "warning",
        invite: "info",
        passwordSet: "info",
        pay: "success",
        refund: "danger",
      },
    },
    { field: "IP" },
  ],
  filters: [
    { name: "from", type: "date", span: "half" },
    { name: "to", type: "date", span: "half" },
  ],
  search: ["userName", "moduleId", "action", "recordId"],
  pick: { name: ["userName", "action", "moduleName"], desc: "date" },
  orderBy: [{ field: "date", dir: "desc" }],
  actions: ["print", "export", "search"],
});
