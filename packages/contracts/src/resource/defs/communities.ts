import { defineResource, FULL_ACTIONS } from "../types.ts";
import { memberImport } from "./people.ts";

/** Group types (`admGroup/getTypes`, labels under resources.admGroup.options.type): 0 access, 1 communication. */
export const GROUP_TYPE = { access: 0, communication: 1 } as const;
export const GROUP_TYPES = [GROUP_TYPE.access, GROUP_TYPE.communication] as const;

/**
 * Groups of people (001 §3 "Group", §5: name and type required, canRead required for staff groups). One table with
 * the permission groups of admUserGroup: a staff group grants the modules it may read (canRead) and modify (canEdit);
 * any group is an audience for communications (`admGroup/get?staff=0`). Members are kept in the admGroupMembers
 * sub-grid and by the CSV import (`admGroup/importAttach`).
 */
export const admGroup = defineResource({
  id: "admGroup",
  module: "admGroup",
  keyType: "int",
  pageSize: 50,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    {
      name: "type",
      type: "select",
      rules: { required: true },
      options: { kind: "values", values: GROUP_TYPES },
      default: GROUP_TYPE.communication,
      span: "half",
    },
    { name: "staff", type: "switch", default: false, span: "half" },
    { name: "canRead", type: "select", multiple: true, options: { kind: "resource", resource: "admModule" }, hiddenWhen: { field: "staff", equals: false } },
    { name: "canEdit", type: "select", multiple: true, options: { kind: "resource", resource: "admModule" }, hiddenWhen: { field: "staff", equals: false } },
    { name: "categories", type: "select", multiple: true, options: { kind: "resource", resource: "admCategory", query: { type: "pub" } } },
    { name: "forceLogout", type: "switch", default: false },
  ],
  columns: [
    { field: "name" },
    { field: "type", kind: "chip", optionsOf: "type", colors: { "0": "primary", "1": "info" } },
    { field: "staff", kind: "bool" },
    { field: "members", kind: "number", align: "end" },
  ],
  filters: [
    { name: "staff", type: "select", options: { kind: "values", values: [0, 1] } },
    { name: "type", type: "select", options: { kind: "values", values: GROUP_TYPES } },
  ],
  search: ["name"],
  pick: { name: ["name"] },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: FULL_ACTIONS,
  children: ["admGroupMembers"],
  extraActions: [memberImport("admGroup")],
});

/** The members sub-grid of a group, under either screen (each guarded by its own module's rights). */
const membersOf = <const Id extends string, const Parent extends string>(id: Id, parent: Parent) =>
  defineResource({
    id,
    module: parent,
    keyType: "int",
    pageSize: 40,
    parent: { field: "groupId", resource: parent },
    fields: [
      { name: "groupId", type: "select", rules: { required: true }, options: { kind: "resource", resource: parent } },
      { name: "userId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admUser" } },
    ],
    columns: [{ field: "userName" }, { field: "externalId" }, { field: "mail" }, { field: "cel" }],
    filters: [{ name: "groupId", type: "select", options: { kind: "resource", resource: parent } }],
    search: ["userName", "externalId", "mail", "cel"],
    pick: { name: ["userName"], desc: "externalId" },
    orderBy: [{ field: "id", dir: "asc" }],
    actions: ["create", "delete", "print", "export", "search"],
  });

export const admGroupMembers = membersOf("admGroupMembers", "admGroup");
export const admUserGroupMembers = membersOf("admUserGroupMembers", "admUserGroup");

/** Transport (002 §2 "Transport", §3 "Transport row"): a read-only list of the day's pickup exceptions, per student. */
export const admTransport = defineResource({
  id: "admTransport",
  module: "admTransport",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "day", type: "date", readOnly: "always" },
    { name: "externalId", type: "text", readOnly: "always" },
    { name: "last", type: "text", readOnly: "always" },
    { name: "name", type: "text", readOnly: "always" },
    { name: "supersectionName", type: "text", readOnly: "always" },
    { name: "sectionName", type: "text", readOnly: "always" },
    { name: "pickupTypeName", type: "text", readOnly: "always" },
    { name: "pickupExcepTypeName", type: "text", readOnly: "always" },
    { name: "pickupExcepNote", type: "text", readOnly: "always" },
    { name: "pickupExcepTime", type: "time", readOnly: "always" },
  ],
  columns: [
    { field: "externalId" },
    { field: "last" },
    { field: "name" },
    { field: "supersectionName" },
    { field: "sectionName" },
    { field: "pickupTypeName" },
    { field: "pickupExcepTypeName", kind: "chip" },
    { field: "pickupExcepNote" },
    { field: "pickupExcepTime" },
  ],
  filters: [
    { name: "day", type: "date" },
    { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection" } },
    { name: "sectionId", type: "select", options: { kind: "resource", resource: "admSection", dependsOn: "superSectionId", dependsParam: "parentId" } },
  ],
  search: ["last", "name", "externalId", "pickupExcepNote"],
  pick: { name: ["last", "name"], desc: "pickupExcepTypeName" },
  orderBy: [{ field: "day", dir: "desc" }],
  actions: ["delete", "print", "export", "search"],
});

/** FAQs (admInfo): a publication-like record in Spanish and English, published between two dates, in a "pub" category. */
export const admInfo = defineResource({
  id: "admInfo",
  module: "admInfo",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 255 }, group: "spanish" },
    { name: "desc", type: "textarea", rules: { max: 1000 }, group: "spanish" },
    { name: "body", type: "editor", rules: { max: 100_000 }, group: "spanish" },
    { name: "nameEN", type: "text", rules: { max: 255 }, group: "english" },
    { name: "descEN", type: "textarea", rules: { max: 1000 }, group: "english" },
    { name: "bodyEN", type: "editor", rules: { max: 100_000 }, group: "english" },
    { name: "categoryId", type: "select", options: { kind: "resource", resource: "admCategory", query: { type: "pub" } }, group: "publishing" },
    { name: "published", type: "switch", default: false, group: "publishing", span: "half" },
    { name: "pinTop", type: "switch", default: false, group: "publishing", span: "half" },
    { name: "publishFrom", type: "datetime", group: "publishing", span: "half" },
    { name: "publishTo", type: "datetime", group: "publishing", span: "half" },
  ],
  layout: { kind: "tabs", groups: ["spanish", "english", "publishing"] },
  columns: [
    { field: "name" },
    { field: "categoryName" },
    { field: "published", kind: "bool" },
    { field: "pinTop", kind: "bool" },
    { field: "publishFrom", kind: "datetime" },
    { field: "publishTo", kind: "datetime" },
  ],
  filters: [
    { name: "categoryId", type: "select", options: { kind: "resource", resource: "admCategory", query: { type: "pub" } } },
    { name: "published", type: "switch" },
  ],
  search: ["name", "nameEN", "desc", "descEN"],
  pick: { name: ["name"], desc: "desc" },
  orderBy: [
    { field: "pinTop", dir: "desc" },
    { field: "name", dir: "asc" },
  ],
  actions: FULL_ACTIONS,
});
