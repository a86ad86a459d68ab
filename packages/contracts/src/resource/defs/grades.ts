import { DEFAULT_QUALIFICATIONS } from "../../grades/scale.ts";
import { defineResource, FULL_ACTIONS, type ActionDef } from "../types.ts";

/** 000 §3: 0 numeric 0-8, 1 a qualification from the concept's list, 2 and 4 descriptive text, 3 free text. */
const CONCEPT_TYPES = [0, 1, 2, 3, 4] as const;
/** Concepts the school treats apart (behaviour): CPROM the average, CONDF the final grade, TUTR the tutor's comment. */
const SPECIAL_TYPES = ["CPROM", "CONDF", "TUTR"] as const;
/** 001 §3: how a concept weighs in its parent's average (weight -1 auto, 0 none, else a percent). */
const WEIGHT_TYPES = ["auto", "manual", "none"] as const;
/**
 * A move of the row's concept (001 §4 "Concept moves": up and down among its siblings, left to outdent, right to
 * indent), POST admEvalConcept/move/{id} with {direction}: our path, the spec gives none.
 */
const move = (name: string, direction: "up" | "down" | "left" | "right"): ActionDef => ({
  name,
  scope: "row",
  path: "admEvalConcept/move/{ID}",
  fields: [{ name: "direction", type: "hidden", default: direction }],
});

const period = { kind: "resource", resource: "admPeriod" } as const;
const subject = { kind: "resource", resource: "admSubject", dependsOn: "periodId", dependsParam: "periodId" } as const;
const section = { kind: "resource", resource: "admSection", dependsOn: "periodId", dependsParam: "periodId" } as const;

/**
 * Evaluation concepts (admEvalConcept; 001 §3, §4, §5, §6, §9): the columns of the grade sheet, a tree per subject
 * (and per section when `sectionId` is set) or, for behaviour, per period. The server sets `level` and `order`: a new
 * concept goes last among its siblings and the row actions move it. Role 100 alone creates concepts and sets the
 * parent, the weighting, locked, canEdit and hidden. The tree a concept belongs to is fixed when it is created.
 */
export const admEvalConcept = defineResource({
  id: "admEvalConcept",
  module: "admEvalConcept",
  keyType: "int",
  pageSize: 100,
  fields: [
    { name: "periodId", type: "select", rules: { required: true }, options: period, readOnly: "create", group: "tree", span: "half" },
    { name: "isBehavior", type: "switch", default: false, readOnly: "create", group: "tree", span: "half" },
    {
      name: "activityId",
      type: "select",
      options: subject,
      readOnly: "create",
      group: "tree",
      span: "half",
      hiddenWhen: { field: "isBehavior", equals: true },
    },
    { name: "sectionId", type: "select", options: section, readOnly: "create", group: "tree", span: "half" },
    {
      name: "parentId",
      type: "select",
      options: { kind: "resource", resource: "admEvalConcept", dependsOn: "activityId", dependsParam: "activityId" },
      group: "tree",
    },
    { name: "level", type: "number", readOnly: "always", group: "tree", span: "half" },
    { name: "order", type: "number", readOnly: "always", group: "tree", span: "half" },
    { name: "name", type: "text", rules: { required: true, max: 400 }, group: "concept" },
    { name: "abrev", type: "text", rules: { required: true, min: 2, max: 5 }, group: "concept", span: "half" },
    { name: "type", type: "select", options: { kind: "values", values: CONCEPT_TYPES }, group: "concept", span: "half" },
    { name: "specialType", type: "select", options: { kind: "values", values: SPECIAL_TYPES }, group: "concept", span: "half" },
    {
      name: "qualifications",
      type: "text",
      rules: { max: 100, pattern: "^[A-F+-]{1,2}(,[A-F+-]{1,2})+$", patternKey: "qualifications" },
      default: DEFAULT_QUALIFICATIONS,
      group: "concept",
      span: "half",
    },
    { name: "calcAverage", type: "switch", default: false, group: "concept" },
    {
      name: "weightType",
      type: "select",
      rules: { required: true },
      options: { kind: "values", values: WEIGHT_TYPES },
      default: "auto",
      group: "weighting",
      span: "half",
    },
    { name: "weight", type: "number", rules: { integer: true, minValue: -1, maxValue: 100 }, default: -1, group: "weighting", span: "half" },
    { name: "locked", type: "switch", default: false, group: "access", span: "half" },
    { name: "canEdit", type: "switch", default: true, group: "access", span: "half" },
    { name: "hidden", type: "switch", default: false, group: "access", span: "half" },
  ],
  layout: { kind: "fieldsets", groups: ["tree", "concept", "weighting", "access"] },
  columns: [
    { field: "name" },
    { field: "abrev" },
    { field: "level", kind: "number", align: "end" },
    { field: "order", kind: "number", align: "end" },
    { field: "parentName" },
    { field: "type", kind: "chip", optionsOf: "type", colors: { "0": "primary", "1": "info", "2": "muted", "3": "muted", "4": "muted" } },
    { field: "weightType", kind: "chip", optionsOf: "weightType", colors: { auto: "muted", manual: "primary", none: "warning" } },
    // -1 and 0 are no percent but "automatic" and "no weight" (001 §3).
    { field: "weight", kind: "number", align: "end", optionsOf: "weight" },
    { field: "calcAverage", kind: "bool" },
    { field: "locked", kind: "bool" },
    { field: "canEdit", kind: "bool" },
    { field: "hidden", kind: "bool" },
    { field: "activityName" },
    { field: "sectionName" },
  ],
  filters: [
    { name: "periodId", type: "select", options: period },
    { name: "activityId", type: "select", options: subject },
    { name: "sectionId", type: "select", options: section },
    { name: "isBehavior", type: "switch" },
  ],
  search: ["name", "abrev"],
  pick: { name: ["name"], desc: "activityName" },
  orderBy: [
    { field: "activityId", dir: "asc" },
    { field: "level", dir: "asc" },
    { field: "order", dir: "asc" },
  ],
  actions: FULL_ACTIONS,
  inlineActions: 2,
  extraActions: [move("moveUp", "up"), move("moveDown", "down"), move("moveLeft", "left"), move("moveRight", "right")],
});
