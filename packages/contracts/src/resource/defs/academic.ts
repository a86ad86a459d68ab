import { defineResource, FULL_ACTIONS, IMPORTABLE_ACTIONS } from "../types.ts";

/** Periods (001 §3 "Period", §5): the ID is typed by the user, six digits from 202200 on (e.g. 202601). */
export const admPeriod = defineResource({
  id: "admPeriod",
  module: "admPeriod",
  keyType: "int",
  keyInput: true,
  pageSize: 40,
  fields: [
    { name: "ID", type: "number", readOnly: "create", rules: { required: true, integer: true, minValue: 202200, digits: 6 }, group: "period" },
    { name: "name", type: "text", rules: { required: true, max: 100 }, group: "period" },
    { name: "from", type: "date", rules: { required: true }, group: "period", span: "half" },
    { name: "to", type: "date", rules: { required: true }, group: "period", span: "half" },
    { name: "active", type: "switch", default: true, group: "period", span: "half" },
    { name: "current", type: "switch", default: false, group: "period", span: "half" },
    { name: "closed", type: "switch", default: false, group: "period", span: "half" },
    { name: "showGradesFrom", type: "datetime", rules: { required: true }, group: "grades" },
    { name: "showGradesOnline", type: "switch", default: false, group: "grades" },
    { name: "showGradesOnlineMsg", type: "textarea", rules: { max: 255 }, group: "grades" },
    { name: "showGradesPDFMsg", type: "textarea", rules: { max: 255 }, group: "grades" },
  ],
  layout: { kind: "collapsible", groups: ["period", "grades"] },
  columns: [
    { field: "ID", kind: "number" },
    { field: "name" },
    { field: "from", kind: "date" },
    { field: "to", kind: "date" },
    { field: "current", kind: "bool" },
    { field: "active", kind: "bool" },
    { field: "closed", kind: "bool" },
    { field: "showGradesOnline", kind: "bool" },
  ],
  search: ["name"],
  pick: { name: ["name"] },
  orderBy: [{ field: "ID", dir: "desc" }],
  actions: FULL_ACTIONS,
  inlineActions: 2,
  children: ["admPeriodException"],
  extraActions: [
    {
      name: "clone",
      scope: "row",
      path: "admPeriod/clone/{ID}",
      fields: [
        { name: "ID", type: "number", rules: { required: true, integer: true, minValue: 202200, digits: 6 } },
        { name: "name", type: "text", rules: { max: 100 } },
      ],
      openResult: true,
    },
  ],
});

/** A period's per-grade exception to when grades show online (001 §3). */
export const admPeriodException = defineResource({
  id: "admPeriodException",
  module: "admPeriod",
  keyType: "int",
  pageSize: 40,
  parent: { field: "periodId", resource: "admPeriod" },
  fields: [
    {
      name: "superSectionId",
      type: "select",
      rules: { required: true },
      options: { kind: "resource", resource: "admSuperSection", dependsOn: "periodId", dependsParam: "periodId" },
    },
    { name: "showGradesDefault", type: "switch", default: true },
    { name: "showGradesFrom", type: "datetime" },
    { name: "showGradesOnline", type: "switch", default: false },
    { name: "showGradesOnlineMsg", type: "textarea", rules: { max: 255 } },
    { name: "showGradesPDFMsg", type: "textarea", rules: { max: 255 } },
  ],
  columns: [
    { field: "superSectionName" },
    { field: "showGradesDefault", kind: "bool" },
    { field: "showGradesFrom", kind: "datetime" },
    { field: "showGradesOnline", kind: "bool" },
  ],
  pick: { name: ["superSectionName"] },
  actions: ["create", "edit", "delete"],
});

/** Grades, "super sections" in the spec's words (001 §3): per period. */
export const admSuperSection = defineResource({
  id: "admSuperSection",
  module: "admSuperSection",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "periodId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admPeriod" } },
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "owner", type: "select", options: { kind: "resource", resource: "admStaff" } },
    { name: "superowner", type: "select", options: { kind: "resource", resource: "admStaff" } },
    { name: "groupBy", type: "text", rules: { max: 50 } },
    { name: "sort", type: "number", rules: { integer: true, minValue: 0, maxValue: 1000 }, default: 0 },
  ],
  columns: [{ field: "name" }, { field: "periodName" }, { field: "groupBy" }, { field: "count", kind: "number", align: "end" }],
  filters: [{ name: "periodId", type: "select", options: { kind: "resource", resource: "admPeriod" } }],
  search: ["name"],
  // The period beside the name: a list of every period's grades holds "3.º" once a year.
  pick: { name: ["name"], desc: "periodName" },
  orderBy: [
    { field: "sort", dir: "asc" },
    { field: "name", dir: "asc" },
  ],
  actions: IMPORTABLE_ACTIONS,
  children: ["admSection"],
});

/** Sections (001 §3): a class inside a grade; `parentId` is the grade. */
export const admSection = defineResource({
  id: "admSection",
  module: "admSection",
  keyType: "int",
  pageSize: 40,
  parent: { field: "parentId", resource: "admSuperSection" },
  fields: [
    { name: "parentId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admSuperSection" } },
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "desc", type: "text", rules: { max: 255 } },
    { name: "color", type: "select", options: { kind: "values", values: ["blue", "green", "orange", "purple", "red", "greysteel"] } },
    { name: "maxMembers", type: "number", rules: { integer: true, minValue: 0, maxValue: 1000 } },
    { name: "externalId", type: "text", rules: { max: 50 } },
    { name: "owner", type: "select", options: { kind: "resource", resource: "admStaff" } },
    { name: "entranceTime", type: "time", span: "half" },
    { name: "leaveTime", type: "time", span: "half" },
    { name: "entranceGate", type: "text", rules: { max: 50 }, span: "half" },
    { name: "leaveGate", type: "text", rules: { max: 50 }, span: "half" },
  ],
  columns: [
    { field: "name" },
    { field: "parentName" },
    { field: "color", kind: "chip" },
    { field: "maxMembers", kind: "number", align: "end" },
    { field: "count", kind: "number", align: "end" },
  ],
  filters: [
    { name: "periodId", type: "select", options: { kind: "resource", resource: "admPeriod" } },
    { name: "parentId", type: "select", options: { kind: "resource", resource: "admSuperSection", dependsOn: "periodId", dependsParam: "periodId" } },
    // The grade screen's section pick list (000 §6): "master" keeps a teacher to the sections they teach or tutor.
    { name: "roleFilter", type: "hidden", options: { kind: "values", values: ["master"] } },
  ],
  search: ["name", "externalId", "parentName", "periodName"],
  pick: { name: ["parentName", "name"], desc: "periodName" },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: IMPORTABLE_ACTIONS,
});
