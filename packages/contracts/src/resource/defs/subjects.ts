import { defineResource, IMPORTABLE_ACTIONS } from "../types.ts";

const teacherPick = { kind: "resource", resource: "admStaff", query: { type: "5" } } as const;

/** Students of a section (admSectionMembers): a sub-grid of the section; a student is in one section per period. */
export const admSectionMembers = defineResource({
  id: "admSectionMembers",
  module: "admSectionMembers",
  keyType: "int",
  pageSize: 40,
  parent: { field: "sectionId", resource: "admSection" },
  fields: [
    { name: "sectionId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admSection" } },
    { name: "userId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admStudent" } },
  ],
  columns: [{ field: "externalId" }, { field: "studentName" }, { field: "sectionName" }],
  filters: [{ name: "sectionId", type: "select", options: { kind: "resource", resource: "admSection" } }],
  pick: { name: ["studentName"] },
  orderBy: [{ field: "id", dir: "asc" }],
  actions: ["create", "delete", "print", "export"],
});

/** Subjects (001 §3 "Subject (activity)"): taught in some grades of a period; sections and teachers below. */
export const admSubject = defineResource({
  id: "admSubject",
  module: "admSubject",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "periodId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admPeriod" }, group: "subject", span: "half" },
    {
      name: "superSections",
      type: "select",
      multiple: true,
      options: { kind: "resource", resource: "admSuperSection", dependsOn: "periodId", dependsParam: "periodId" },
      group: "subject",
      span: "half",
    },
    { name: "name", type: "text", rules: { required: true, max: 150 }, group: "subject" },
    { name: "owner", type: "select", options: teacherPick, group: "subject" },
    { name: "type", type: "select", rules: { required: true }, options: { kind: "values", values: [0, 1] }, default: 0, group: "evaluation", span: "half" },
    {
      name: "qualifications",
      type: "text",
      rules: { max: 100, pattern: "^([A-F][+-]?|AD)(,([A-F][+-]?|AD))+$", patternKey: "qualifications" },
      default: "AD,A,A,B,B,C,C,C,C",
      group: "evaluation",
      span: "half",
    },
    { name: "minToPass", type: "text", rules: { max: 5 }, group: "evaluation", span: "half" },
    { name: "minToPassNum", type: "number", rules: { integer: true, minValue: 0, maxValue: 8 }, group: "evaluation", span: "half" },
    { name: "calcAverage", type: "switch", default: true, group: "evaluation", span: "half" },
    { name: "isAcademic", type: "switch", default: true, group: "evaluation", span: "half" },
    { name: "canEnterEval", type: "switch", default: true, group: "evaluation", span: "half" },
    { name: "hasGrades", type: "switch", default: true, group: "evaluation", span: "half" },
    { name: "hasBehavior", type: "switch", default: false, group: "evaluation", span: "half" },
  ],
  layout: { kind: "fieldsets", groups: ["subject", "evaluation"] },
  columns: [
    { field: "name" },
    { field: "periodId", kind: "number" },
    { field: "ownerName" },
    { field: "type", kind: "chip", optionsOf: "type", colors: { "0": "primary", "1": "info" } },
    { field: "gradeCount", kind: "number", align: "end" },
    { field: "partCount", kind: "number", align: "end" },
    { field: "canEnterEval", kind: "bool" },
  ],
  filters: [
    { name: "periodId", type: "select", options: { kind: "resource", resource: "admPeriod" } },
    { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection", dependsOn: "periodId", dependsParam: "periodId" } },
    { name: "sectionId", type: "select", options: { kind: "resource", resource: "admSection", dependsOn: "superSectionId", dependsParam: "parentId" } },
    { name: "groupId", type: "select", options: { kind: "resource", resource: "admGroup" } },
  ],
  search: ["name"],
  pick: { name: ["name"] },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: IMPORTABLE_ACTIONS,
  inlineActions: 3,
  children: ["admActivityParts", "admActivityMasters"],
  extraActions: [
    {
      name: "duplicate",
      scope: "row",
      path: "admSubject/duplicate",
      rowKey: "newId",
      fields: [{ name: "periodId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admPeriod" } }],
      openResult: true,
    },
    {
      name: "bulkEdit",
      scope: "toolbar",
      path: "admSubject/bulkedit?periodId={periodId}",
      fields: [{ name: "canEnterEval", type: "switch", rules: { required: true }, default: true }],
    },
    // 001 §2 "Subject rows": enter grades (admGrades on the subject and its first grade, report 5) and import grades.
    {
      name: "enterGrades",
      scope: "row",
      write: false,
      module: "admGrades",
      link: { module: "admGrades", params: { superSectionId: "superSections", activityId: "ID", periodId: "periodId" } },
    },
    { name: "importGrades", scope: "row", write: false, module: "admGrades", dialog: "gradeImport" },
  ],
});

/** A subject in a section with its main teacher (001 §3 "Activity part"). */
export const admActivityParts = defineResource({
  id: "admActivityParts",
  module: "admSubject",
  keyType: "int",
  pageSize: 40,
  parent: { field: "activityId", resource: "admSubject" },
  fields: [
    { name: "sectionId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admSection" } },
    { name: "name", type: "text", rules: { required: true, max: 150 } },
    { name: "masterId", type: "select", options: teacherPick },
  ],
  columns: [{ field: "sectionName" }, { field: "name" }, { field: "masterName" }],
  pick: { name: ["name"] },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: ["create", "edit", "delete"],
});

/** Teachers of a subject and their role (001 §3 "Activity master"; alterType 5 = teacher). */
export const admActivityMasters = defineResource({
  id: "admActivityMasters",
  module: "admSubject",
  keyType: "int",
  pageSize: 50,
  parent: { field: "activityId", resource: "admSubject" },
  fields: [
    { name: "userId", type: "select", rules: { required: true }, options: teacherPick },
    { name: "role", type: "text", rules: { max: 50 } },
    { name: "alterType", type: "select", rules: { required: true }, options: { kind: "values", values: [5, 6, 7] }, default: 5 },
  ],
  columns: [{ field: "userName" }, { field: "role" }, { field: "alterType", kind: "chip", optionsOf: "alterType" }],
  // The grade screen's 'Profesores' modal (000 §7): alterType=5, superSectionId, sectionId, activityId; never shown.
  filters: ["alterType", "activityId", "superSectionId", "sectionId"].map((name) => ({ name, type: "hidden" as const, rules: { pattern: "^\\d{1,9}$" } })),
  pick: { name: ["userName"] },
  orderBy: [{ field: "id", dir: "asc" }],
  actions: ["create", "edit", "delete"],
});
