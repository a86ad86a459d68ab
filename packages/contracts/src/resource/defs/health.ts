import { ROLE } from "../../roles.ts";
import { defineResource, FULL_ACTIONS, type FieldDef } from "../types.ts";

const grade: FieldDef = { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection" } };
const section: FieldDef = {
  name: "sectionId",
  type: "select",
  options: { kind: "resource", resource: "admSection", dependsOn: "superSectionId", dependsParam: "parentId" },
};
const student: FieldDef = { name: "userId", type: "select", options: { kind: "resource", resource: "admStudent" } };
/** Shown, never sent: data of the student and their guardians, kept on their own records. */
const shown = (name: string, group?: string, type: FieldDef["type"] = "text"): FieldDef => ({
  name,
  type,
  readOnly: "always",
  span: "half",
  ...(group ? { group } : {}),
});
const photo = (name: string): FieldDef => ({
  name,
  type: "image",
  rules: { ext: ["jpeg", "jpg", "png"], maxBytes: 2 * 1024 * 1024 },
  maxSize: { width: 1600, height: 1600 },
  group: "photos",
});
/** A symptom (SYM) or an outcome (OUT) from the school's admInfirmaryValues. */
const infirmaryValue = (name: string, type: "SYM" | "OUT"): FieldDef => ({
  name,
  type: "select",
  options: { kind: "resource", resource: "admInfirmaryValues", query: { type } },
});

/**
 * The infirmary log (001 §3 "Infirmary entry", §5: entry and exit times required, HH:mm 24-hour; photos jpeg, jpg,
 * png). The visit's day is not in the spec's field list: it is kept with the times and defaults to today.
 */
export const admInfirmary = defineResource({
  id: "admInfirmary",
  module: "admInfirmary",
  keyType: "int",
  pageSize: 40,
  fields: [
    { ...student, rules: { required: true }, group: "visit" },
    { name: "date", type: "date", group: "visit" },
    { name: "timeIn", type: "time", rules: { required: true }, step: 1, group: "visit", span: "half" },
    { name: "timeOut", type: "time", rules: { required: true }, step: 1, group: "visit", span: "half" },
    { name: "arrivedFrom", type: "text", rules: { max: 100 }, group: "visit" },
    { ...infirmaryValue("symptomId", "SYM"), group: "care", span: "half" },
    { ...infirmaryValue("outcomeId", "OUT"), group: "care", span: "half" },
    { name: "desc", type: "textarea", rules: { max: 2000 }, group: "care" },
    { name: "departedTo", type: "text", rules: { max: 100 }, group: "care" },
    photo("photo1"),
    photo("photo2"),
    photo("photo3"),
  ],
  layout: { kind: "fieldsets", groups: ["visit", "care", "photos"] },
  columns: [
    { field: "date", kind: "date" },
    { field: "timeIn" },
    { field: "timeOut" },
    { field: "externalId" },
    { field: "studentName" },
    { field: "sectionName" },
    { field: "symptomName" },
    { field: "outcomeName" },
  ],
  filters: [{ name: "from", type: "date" }, { name: "to", type: "date" }, grade, section, student, infirmaryValue("symptomId", "SYM")],
  search: ["studentName", "externalId", "desc", "arrivedFrom", "departedTo"],
  pick: { name: ["date", "timeIn", "studentName"] },
  orderBy: [
    { field: "date", dir: "desc" },
    { field: "timeIn", dir: "desc" },
  ],
  actions: FULL_ACTIONS,
});

/** Blood groups offered by the medical record. */
const BLOOD = ["O+", "O-", "A+", "A-", "B+", "B-", "AB+", "AB-"] as const;

/**
 * Medical records (002 §2 "Medical", §3 "Medical record", §5): one per student, keyed by the student's id. There is no
 * create (002 §2): a student's first edit makes their record; delete removes the record, never the student.
 */
export const admMedical = defineResource({
  id: "admInfirmary/patients",
  module: "admMedical",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "med_height", type: "number", rules: { required: true, minValue: 30, maxValue: 250 }, step: 0.1, group: "medical", span: "half" },
    { name: "med_weight", type: "number", rules: { required: true, minValue: 2, maxValue: 250 }, step: 0.1, group: "medical", span: "half" },
    { name: "med_blood", type: "select", rules: { required: true }, options: { kind: "values", values: BLOOD }, group: "medical", span: "half" },
    { name: "med_insurance", type: "text", rules: { required: true, max: 100 }, group: "medical", span: "half" },
    { name: "med_policy", type: "text", rules: { required: true, max: 50 }, group: "medical", span: "half" },
    { name: "med_prefHospital", type: "text", rules: { required: true, max: 150 }, group: "medical", span: "half" },
    { name: "med_vaccines", type: "switch", default: false, group: "medical" },
    { name: "med_vaccinesNo", type: "textarea", rules: { max: 500 }, group: "medical", hiddenWhen: { field: "med_vaccines", equals: true } },
    { name: "med_allergies", type: "switch", default: false, group: "medical" },
    { name: "med_allergiesList", type: "textarea", rules: { max: 1000 }, group: "medical", hiddenWhen: { field: "med_allergies", equals: false } },
    { name: "med_physicalCharacteristics", type: "textarea", rules: { required: true, max: 1000 }, group: "medical" },
    shown("externalId", "basic"),
    shown("sectionName", "basic"),
    shown("last", "basic"),
    shown("last2", "basic"),
    shown("name", "basic"),
    shown("birthday", "basic", "date"),
    { ...shown("gender", "basic", "select"), options: { kind: "values", values: ["M", "F"] } },
    shown("documentnumber", "basic"),
    { name: "contact1", type: "text", rules: { max: 255 }, group: "contact" },
    { name: "contact2", type: "text", rules: { max: 255 }, group: "contact" },
    shown("rel1", "contact"),
    shown("rel1Tel", "contact"),
    shown("rel2", "contact"),
    shown("rel2Tel", "contact"),
  ],
  layout: { kind: "tabs", groups: ["medical", "basic", "contact"] },
  columns: [
    { field: "externalId" },
    { field: "last" },
    { field: "last2" },
    { field: "name" },
    { field: "sectionName" },
    { field: "med_blood", kind: "chip" },
    { field: "med_allergies", kind: "bool" },
    { field: "med_insurance" },
    { field: "med_prefHospital" },
  ],
  filters: [{ ...student, name: "studentId" }, grade, section],
  search: ["last", "last2", "name", "externalId", "med_insurance"],
  pick: { name: ["last", "last2", "name"], desc: "externalId" },
  orderBy: [{ field: "updatedAt", dir: "desc" }],
  actions: ["edit", "delete", "export", "search"],
});

/**
 * The directory (001 §2 "Directory", §3 "Directory contact row"): a read-only list of students with their first two
 * living guardians, for finding a family and mailing it. Export is for role 100 only (001 §6), checked by the server.
 */
export const admDirectory = defineResource({
  id: "admDirectory",
  module: "admDirectory",
  keyType: "int",
  pageSize: 20,
  printRoles: [ROLE.topAdmin],
  fields: [
    shown("externalId", "student"),
    shown("sectionName", "student"),
    shown("last", "student"),
    shown("last2", "student"),
    shown("name", "student"),
    shown("depMail", "student"),
    shown("rel1", "guardian1"),
    shown("rel1Tel", "guardian1"),
    shown("rel1mail", "guardian1"),
    shown("rel2", "guardian2"),
    shown("rel2Tel", "guardian2"),
    shown("rel2mail", "guardian2"),
  ],
  layout: { kind: "fieldsets", groups: ["student", "guardian1", "guardian2"] },
  columns: [
    { field: "externalId" },
    { field: "last" },
    { field: "last2" },
    { field: "name" },
    { field: "sectionName" },
    { field: "rel1" },
    { field: "rel1Tel" },
    { field: "rel1mail" },
    { field: "rel2" },
    { field: "rel2Tel" },
    { field: "rel2mail" },
    { field: "depMail" },
  ],
  filters: [grade, section],
  search: ["last", "last2", "name", "externalId", "depMail", "rel1", "rel1mail", "rel2", "rel2mail"],
  pick: { name: ["last", "last2", "name"], desc: "externalId" },
  orderBy: [
    { field: "last", dir: "asc" },
    { field: "last2", dir: "asc" },
    { field: "name", dir: "asc" },
  ],
  actions: ["export", "search"],
  // 001 §2: the checked rows' addresses go in bcc of a compose popup.
  extraActions: [{ name: "sendMail", scope: "toolbar", dialog: "directoryMail", checked: true }],
});
