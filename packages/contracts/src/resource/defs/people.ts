import { PERSON_TYPE, PERSON_TYPES, STAFF_PERSON_TYPES } from "../../person-types.ts";
import { defineResource, FULL_ACTIONS, IMPORTABLE_ACTIONS, type ActionDef, type FieldDef } from "../types.ts";

/** The per-row CSV import of group members (002 §2 "User groups", §5 "The CSV tab requires a file"). */
export function memberImport(resource: string): ActionDef {
  return {
    name: "import",
    scope: "row",
    path: `${resource}/importAttach`,
    rowKey: "groupId",
    fields: [
      { name: "data", type: "file", rules: { required: true, ext: ["csv", "txt"], maxBytes: 5 * 1024 * 1024 } },
      { name: "useExternalIds", type: "switch", default: true },
    ],
  };
}

const STUDENT_STATUSES = [0, 10, 11, 12, 20, 21, 22, 23, 24] as const;
const DOCUMENT_TYPES = ["DNI", "CE", "PAS", "OTRO"] as const;
const PHONE = { max: 13, pattern: "^\\+?[0-9 ]*$", patternKey: "phone" } as const;
const personName: FieldDef[] = [
  { name: "name", type: "text", rules: { required: true, max: 100 } },
  { name: "last", type: "text", rules: { required: true, max: 100 }, span: "half" },
  { name: "last2", type: "text", rules: { max: 100 }, span: "half" },
];
/** How staff and users are searched, picked and ordered. */
const personListing = {
  search: ["last", "last2", "name", "mail", "externalId"],
  pick: { name: ["last", "last2", "name"], img: "face", desc: "externalId" },
  orderBy: [
    { field: "last", dir: "asc" },
    { field: "name", dir: "asc" },
  ],
  actions: FULL_ACTIONS,
} as const;
const photo: FieldDef = {
  name: "face",
  type: "image",
  rules: { ext: ["jpeg", "jpg", "png"], maxBytes: 2 * 1024 * 1024 },
  maxSize: { width: 400, height: 400 },
};

/** Students (001 §3 "Student", §4 statuses, §5 required fields). Grade and section are set through admSectionMembers. */
export const admStudent = defineResource({
  id: "admStudent",
  module: "admStudent",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "externalId", type: "text", rules: { required: true, max: 50 }, group: "basic" },
    ...personName.map((f) => ({ ...f, group: "basic", rules: { ...f.rules, required: true } })),
    { name: "gender", type: "radioGroup", rules: { required: true }, options: { kind: "values", values: ["M", "F"] }, group: "basic" },
    { name: "birthday", type: "date", rules: { required: true }, group: "basic", span: "half" },
    { name: "status", type: "select", rules: { required: true }, options: { kind: "values", values: STUDENT_STATUSES }, group: "basic", span: "half" },
    { name: "mail", type: "text", rules: { required: true, email: true, max: 254 }, group: "basic" },
    { ...photo, group: "basic" },
    { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection" }, group: "school", span: "half" },
    {
      name: "sectionId",
      type: "select",
      options: { kind: "resource", resource: "admSection", dependsOn: "superSectionId", dependsParam: "parentId" },
      group: "school",
      span: "half",
    },
    { name: "enrolled", type: "switch", default: false, group: "school" },
    { name: "house", type: "text", rules: { max: 50 }, group: "school" },
    { name: "documenttype", type: "select", options: { kind: "values", values: DOCUMENT_TYPES }, group: "personal", span: "half" },
    { name: "documentnumber", type: "text", rules: { max: 20 }, group: "personal", span: "half" },
    { name: "natId", type: "text", rules: { max: 50 }, group: "personal" },
    { name: "birthplace", type: "text", rules: { max: 100 }, group: "personal", span: "half" },
    { name: "language", type: "text", rules: { max: 50 }, group: "personal", span: "half" },
    { name: "address", type: "text", rules: { max: 255 }, group: "personal" },
    { name: "country", type: "text", rules: { max: 100 }, group: "personal" },
    { name: "livewith", type: "text", rules: { max: 100 }, group: "family", span: "half" },
    { name: "legalwith", type: "text", rules: { max: 100 }, group: "family", span: "half" },
    { name: "familyPast", type: "textarea", rules: { max: 2000 }, group: "family" },
    { name: "consentEmail", type: "switch", default: false, group: "family" },
    { name: "consentImagesAuth", type: "switch", default: false, group: "family" },
  ],
  layout: { kind: "tabs", groups: ["basic", "school", "personal", "family"] },
  columns: [
    { field: "face", kind: "image" },
    { field: "externalId" },
    { field: "last" },
    { field: "last2" },
    { field: "name" },
    { field: "sectionName" },
    {
      field: "status",
      kind: "chip",
      optionsOf: "status",
      colors: {
        "0": "info",
        "10": "success",
        "11": "success",
        "12": "success",
        "20": "muted",
        "21": "warning",
        "22": "muted",
        "23": "warning",
        "24": "warning",
      },
    },
    { field: "enrolled", kind: "bool" },
  ],
  filters: [
    { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection" } },
    { name: "sectionId", type: "select", options: { kind: "resource", resource: "admSection", dependsOn: "superSectionId", dependsParam: "parentId" } },
    { name: "status", type: "select", options: { kind: "values", values: STUDENT_STATUSES } },
    { name: "enrolled", type: "switch" },
  ],
  search: ["last", "last2", "name", "externalId", "mail"],
  pick: { name: ["last", "last2", "name"], img: "face", desc: "externalId" },
  orderBy: [
    { field: "last", dir: "asc" },
    { field: "last2", dir: "asc" },
    { field: "name", dir: "asc" },
  ],
  actions: IMPORTABLE_ACTIONS,
  // 001 §2 "Student screen for grades": the student's grades, report card and memo, for those who open the grade sheet.
  // The attendance summary needs only this list's read right, as GET admAttendance/summary/{userId} does.
  extraActions: [
    { name: "grades", scope: "row", write: false, module: "admGrades", dialog: "studentGrades" },
    { name: "attendance", scope: "row", write: false, dialog: "studentAttendance" },
    // Who pays and the family's statement of account: billing's, for those who read it (writing it edits the split).
    { name: "statement", scope: "row", write: false, module: "admBilling", dialog: "studentStatement" },
    // One spreadsheet of students and their families (POST admStudent/familyImport), beside the list's own import.
    { name: "familyImport", scope: "toolbar", dialog: "familyImport" },
  ],
  // 001 §2-§3: the student's relatives, as family links staff add, change and end.
  // …and who pays their fees (billing's: shown to those who have it), under the links it follows.
  panels: [
    { group: "family", name: "studentFamily" },
    { group: "family", name: "studentPayers" },
  ],
});

const whileAlive = { hiddenWhen: { field: "rip", equals: true } } as const;
/** The location cascade (002 §4): each level's list is a `general/` call narrowed by the level above. */
const place = (call: string, parent?: string) =>
  ({ kind: "resource", resource: `general/${call}`, path: `general/${call}`, ...(parent ? { dependsOn: parent, dependsParam: parent } : {}) }) as const;

/** Relatives (002 §3 "Relative", §5): guardians and other contacts of students; the deceased switch hides the rest. */
export const admRelatives = defineResource({
  id: "admRelatives",
  module: "admRelatives",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "externalId", type: "text", rules: { required: true, max: 50 }, group: "personal" },
    ...personName.map((f) => ({ ...f, group: "personal" })),
    { name: "gender", type: "radioGroup", rules: { required: true }, options: { kind: "values", values: ["M", "F"] }, group: "personal" },
    { name: "nationality", type: "text", rules: { required: true, max: 50 }, group: "personal", span: "half" },
    { name: "userKind", type: "select", options: { kind: "values", values: [0, 1, 3] }, default: 0, group: "personal", span: "half" },
    { name: "documenttype", type: "select", options: { kind: "values", values: DOCUMENT_TYPES }, group: "personal", span: "half" },
    { name: "documentnumber", type: "text", rules: { max: 20 }, group: "personal", span: "half" },
    { name: "rip", type: "switch", default: false, group: "personal" },
    { ...photo, group: "personal", ...whileAlive },
    { name: "birthday", type: "date", group: "personal", span: "half", ...whileAlive },
    { name: "maritalstatus", type: "select", options: { kind: "values", values: ["S", "C", "D", "V", "U"] }, group: "personal", span: "half", ...whileAlive },
    { name: "education", type: "text", rules: { max: 100 }, group: "personal", span: "half", ...whileAlive },
    { name: "religion", type: "text", rules: { max: 100 }, group: "personal", span: "half", ...whileAlive },
    { name: "mail", type: "text", rules: { required: true, email: true, max: 254 }, group: "contact" },
    { name: "email2", type: "text", rules: { email: true, max: 254 }, group: "contact", ...whileAlive },
    { name: "cel", type: "tel", rules: PHONE, group: "contact", span: "half", ...whileAlive },
    { name: "homephone", type: "tel", rules: PHONE, group: "contact", span: "half", ...whileAlive },
    { name: "notifModes", type: "text", rules: { max: 50 }, group: "contact", ...whileAlive },
    // Empty: the school's language.
    { name: "locale", type: "select", options: { kind: "values", values: ["es", "en"] }, group: "contact", span: "half", ...whileAlive },
    // The channels the person asked not to be written on (rows of ChannelOptOut, not a column of theirs).
    { name: "optOut", type: "checkboxGroup", options: { kind: "values", values: ["whatsapp", "mail", "push"] }, group: "contact", ...whileAlive },
    // When and how each was asked, in the reader's language; shown only when there is one.
    { name: "optOutSince", type: "text", readOnly: "always", group: "contact", hiddenWhen: { field: "optOutSince", equals: "" } },
    { name: "address", type: "text", rules: { max: 255 }, group: "contact", ...whileAlive },
    { name: "country", type: "select", options: place("getcountries"), group: "contact", span: "half", ...whileAlive },
    { name: "state", type: "select", options: place("getstates", "country"), group: "contact", span: "half", ...whileAlive },
    { name: "city", type: "select", options: place("getcities", "state"), group: "contact", span: "half", ...whileAlive },
    { name: "district", type: "select", options: place("getdistricts", "city"), group: "contact", span: "half", ...whileAlive },
    { name: "work", type: "text", rules: { max: 100 }, group: "work", ...whileAlive },
    { name: "jobrole", type: "text", rules: { max: 100 }, group: "work", span: "half", ...whileAlive },
    { name: "profession", type: "text", rules: { max: 100 }, group: "work", span: "half", ...whileAlive },
    { name: "occupation", type: "text", rules: { max: 100 }, group: "work", ...whileAlive },
    { name: "workAddress", type: "text", rules: { max: 255 }, group: "work", ...whileAlive },
    { name: "workCountry", type: "text", rules: { max: 100 }, group: "work", span: "half", ...whileAlive },
    { name: "workphone", type: "tel", rules: PHONE, group: "work", span: "half", ...whileAlive },
  ],
  layout: { kind: "tabs", groups: ["personal", "contact", "work", "children"] },
  columns: [
    { field: "face", kind: "image" },
    { field: "externalId" },
    { field: "last" },
    { field: "last2" },
    { field: "name" },
    { field: "mail" },
    { field: "cel" },
    { field: "userKind", kind: "chip", optionsOf: "userKind", colors: { "0": "primary", "1": "info", "3": "muted" } },
    { field: "dependants" },
    { field: "rip", kind: "bool" },
  ],
  search: ["last", "last2", "name", "externalId", "mail", "documentnumber"],
  pick: { name: ["last", "last2", "name"], img: "face", desc: "externalId" },
  orderBy: [
    { field: "last", dir: "asc" },
    { field: "name", dir: "asc" },
  ],
  actions: IMPORTABLE_ACTIONS,
  // 001 §7 automaticCharge: the card the guardian keeps for the school's automatic charges, under admBilling's right.
  extraActions: [{ name: "cardOnFile", scope: "row", write: false, module: "admBilling", dialog: "cardOnFile" }],
  // The students the relative is linked to, with what each link allows.
  panels: [{ group: "children", name: "relativeChildren" }],
});

/** Staff (001 §3 "Staff", §5: mail, cel and group required). A password gives the person a sign-in. */
export const admStaff = defineResource({
  id: "admStaff",
  module: "admStaff",
  keyType: "int",
  pageSize: 40,
  fields: [
    ...personName,
    {
      name: "type",
      type: "select",
      rules: { required: true },
      options: { kind: "values", values: STAFF_PERSON_TYPES },
      default: PERSON_TYPE.teacher,
      span: "half",
    },
    { name: "tag", type: "text", rules: { max: 50 }, span: "half" },
    { name: "mail", type: "text", rules: { required: true, email: true, max: 254 } },
    { name: "cel", type: "tel", rules: { ...PHONE, required: true } },
    { name: "groupId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admUserGroup" } },
    { name: "pass", type: "password", rules: { min: 8, max: 200 } },
    { name: "externalId", type: "text", rules: { max: 50 } },
    { name: "inactive", type: "switch", default: false },
    { name: "sign", type: "image", rules: { ext: ["jpeg", "jpg", "png"], maxBytes: 2 * 1024 * 1024 }, maxSize: { width: 600, height: 200 } },
    photo,
  ],
  columns: [
    { field: "face", kind: "image" },
    { field: "last" },
    { field: "name" },
    { field: "type", kind: "chip", optionsOf: "type", colors: { [PERSON_TYPE.staff]: "muted", [PERSON_TYPE.teacher]: "primary" } },
    { field: "mail" },
    { field: "groupName" },
    { field: "canSignIn", kind: "bool" },
    { field: "inactive", kind: "bool" },
  ],
  filters: [{ name: "type", type: "select", options: { kind: "values", values: STAFF_PERSON_TYPES } }],
  ...personListing,
  // A link by e-mail (and WhatsApp) to choose their password and sign in (the first hour, 002 §2).
  extraActions: [{ name: "invite", scope: "row", path: "admStaff/invite/{ID}" }],
});

/** Users of any kind (001 §3 "User"): relatives 1, students 2, external contacts 3, staff 4, teachers 5. */
export const admUser = defineResource({
  id: "admUser",
  module: "admUser",
  keyType: "int",
  pageSize: 40,
  fields: [
    ...personName,
    { name: "type", type: "select", rules: { required: true }, options: { kind: "values", values: PERSON_TYPES }, default: PERSON_TYPE.contact, span: "half" },
    { name: "userKind", type: "select", options: { kind: "values", values: [0, 1, 3] }, span: "half" },
    { name: "mail", type: "text", rules: { required: true, email: true, max: 254 } },
    { name: "cel", type: "tel", rules: PHONE, span: "half" },
    { name: "gender", type: "select", options: { kind: "values", values: ["M", "F"] }, span: "half" },
    { name: "doc", type: "text", rules: { max: 20 }, span: "half" },
    { name: "externalId", type: "text", rules: { max: 50 }, span: "half" },
    { name: "notifModes", type: "text", rules: { max: 50 } },
    { name: "inactive", type: "switch", default: false },
    photo,
  ],
  columns: [
    { field: "face", kind: "image" },
    { field: "last" },
    { field: "name" },
    { field: "type", kind: "chip", optionsOf: "type" },
    { field: "mail" },
    { field: "cel" },
    { field: "inactive", kind: "bool" },
  ],
  filters: [
    { name: "type", type: "select", options: { kind: "values", values: PERSON_TYPES } },
    { name: "groupId", type: "select", options: { kind: "resource", resource: "admGroup" } },
  ],
  ...personListing,
});

/** Permission groups (002 §2 "User groups"), the staff form's pick list; members in admUserGroupMembers, CSV import per row. */
export const admUserGroup = defineResource({
  id: "admUserGroup",
  module: "admUserGroup",
  keyType: "int",
  pageSize: 50,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "type", type: "select", rules: { required: true }, options: { kind: "values", values: [0, 1] }, default: 0 },
    { name: "staff", type: "switch", default: true },
    { name: "forceLogout", type: "switch", default: false },
  ],
  columns: [{ field: "name" }, { field: "staff", kind: "bool" }, { field: "members", kind: "number", align: "end" }],
  search: ["name"],
  pick: { name: ["name"] },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: FULL_ACTIONS,
  children: ["admUserGroupMembers"],
  extraActions: [memberImport("admUserGroup")],
});
