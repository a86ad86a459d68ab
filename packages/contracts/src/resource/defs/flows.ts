import { FLOW_SEND_STATUS, FLOW_SEND_STATUSES } from "../../flows/status.ts";
import { defineResource, type ActionDef, type FieldDef } from "../types.ts";

/** What a flow collects (002 §3 "Flow", Types): data, form, document, identity verification … WhatsApp transfer, open. */
const FLOW_TYPES = ["data", "form", "document", "identity", "location", "booking", "checkout", "order", "registration", "remote", "transfer", "open"] as const;
/** 001 §4 "Recipient type": 0 specific numbers, 1 group, 2 open. */
const RECIPIENT_TYPES = [0, 1, 2] as const;
/** 002 §3 "Flow input": the types of the input editor. */
const INPUT_TYPES = ["text", "date", "document", "option", "multiple", "location"] as const;
/** An input asked to the parent, or context given to the assistant (role 100 only, 001 §6 "the context inputs"). */
const INPUT_FIELD_TYPES = ["input", "context"] as const;

/** 001 §5: at most three tags, each of letters, digits and dashes. */
const TAGS = { pattern: "^[A-Za-z0-9-]+$", patternKey: "code", maxItems: 3 } as const;
const withoutMethod = { hiddenWhen: { field: "apiMethod", equals: "" } } as const;

/**
 * Remote submission settings of a flow and of an input (002 §3 "API settings"; 002 §5: endpoint and response map
 * required once a method is chosen). The auth key is never sent back: left empty on edit, the stored one stays.
 */
const apiSettings = (group?: string): FieldDef[] =>
  [
    { name: "apiMethod", type: "select", options: { kind: "values", values: ["GET", "POST", "PUT", "PATCH"] }, span: "half" },
    { name: "apiEndpoint", type: "text", rules: { max: 500, pattern: "^https?://\\S+$", patternKey: "url" }, ...withoutMethod },
    { name: "apiAuthheader", type: "text", rules: { max: 100 }, span: "half", ...withoutMethod },
    { name: "apiAuthKey", type: "password", rules: { max: 500 }, span: "half", ...withoutMethod },
    { name: "apiBody", type: "textarea", rules: { max: 5000 }, ...withoutMethod },
    { name: "apiResponseMap", type: "textarea", rules: { max: 2000 }, ...withoutMethod },
  ].map((f) => ({ ...f, ...(group ? { group } : {}) }) as FieldDef);

const sendingCount = (name: string): FieldDef => ({ name, type: "number", readOnly: "always", group: "summary", span: "half" });

/**
 * Flows (admFlow → admFetch; 001 §2 wizard, §3 "Flow (fetch)", §5, §9 defaults; 002 §3, §4): the wizard's steps are
 * what to collect, properties, properties and inputs (the questions sub-grid sits under the form), accessibility,
 * follow-ups and the summary of the sending. Only role 100 creates flows and changes the prompt (001 §6).
 */
export const admFetch = defineResource({
  id: "admFetch",
  module: "admFlow",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "type", type: "radioGroup", rules: { required: true }, options: { kind: "values", values: FLOW_TYPES }, group: "collect" },
    { name: "name", type: "text", rules: { required: true, max: 50 }, group: "basics" },
    { name: "internalName", type: "text", rules: { max: 50 }, group: "basics" },
    { name: "desc", type: "textarea", rules: { max: 1000 }, group: "basics" },
    { name: "tags", type: "tag", rules: { required: true, max: 200, ...TAGS }, group: "basics" },
    { name: "prompt", type: "textarea", rules: { max: 5000 }, group: "setup" },
    {
      name: "maxCollections",
      type: "number",
      rules: { required: true, integer: true, minValue: 1, maxValue: 1_000_000 },
      default: 100,
      group: "setup",
      span: "half",
    },
    { name: "allowMultiple", type: "switch", default: false, group: "setup", span: "half" },
    { name: "attachment", type: "file", rules: { ext: ["pdf", "docx", "jpg", "jpeg", "png"], maxBytes: 10 * 1024 * 1024 }, group: "setup" },
    ...apiSettings("setup"),
    {
      name: "recipientType",
      type: "select",
      rules: { required: true },
      options: { kind: "values", values: RECIPIENT_TYPES },
      default: 1,
      group: "access",
      span: "half",
    },
    { name: "groupId", type: "select", options: { kind: "resource", resource: "admGroup", query: { staff: "0" } }, group: "access", span: "half" },
    { name: "isPublic", type: "switch", default: false, group: "access", span: "half" },
    { name: "requireOptIn", type: "switch", default: false, group: "access", span: "half" },
    { name: "url", type: "text", rules: { max: 255 }, group: "access" },
    { name: "isLive", type: "switch", default: false, group: "access", span: "half" },
    { name: "scheduled", type: "switch", default: false, group: "access", span: "half" },
    { name: "activeFrom", type: "datetime", group: "access", span: "half", hiddenWhen: { field: "scheduled", equals: false } },
    { name: "activeTo", type: "datetime", group: "access", span: "half", hiddenWhen: { field: "scheduled", equals: false } },
    { name: "msgNotAvailable", type: "textarea", rules: { max: 255 }, group: "access" },
    {
      name: "triggerType",
      type: "select",
      rules: { required: true },
      options: { kind: "values", values: ["manual", "date"] },
      default: "manual",
      group: "access",
      span: "half",
    },
    { name: "forDate", type: "datetime", group: "access", span: "half", hiddenWhen: { field: "triggerType", equals: "manual" } },
    {
      name: "followupDefaultDelay",
      type: "number",
      rules: { required: true, integer: true, minValue: 1, maxValue: 10_000 },
      default: 2,
      group: "followups",
      span: "half",
    },
    {
      name: "followupUnit",
      type: "select",
      rules: { required: true },
      options: { kind: "values", values: ["minutes", "hours", "days"] },
      default: "hours",
      group: "followups",
      span: "half",
    },
    {
      name: "followupMaxTotal",
      type: "number",
      rules: { required: true, integer: true, minValue: 0, maxValue: 100 },
      default: 5,
      group: "followups",
      span: "half",
    },
    {
      name: "followupBudget",
      type: "number",
      rules: { required: true, integer: true, minValue: 0, maxValue: 1_000_000 },
      default: 100,
      group: "followups",
      span: "half",
    },
    { name: "followupStopOnEngagement", type: "switch", default: false, group: "followups" },
    { name: "sendStatus", type: "select", options: { kind: "values", values: FLOW_SEND_STATUSES }, readOnly: "always", group: "summary" },
    ...["target", "sent", "seen", "complete", "partial"].map(sendingCount),
  ],
  layout: { kind: "wizard", groups: ["collect", "basics", "setup", "access", "followups", "summary"] },
  columns: [
    { field: "name" },
    { field: "type", kind: "chip", optionsOf: "type" },
    { field: "tags" },
    { field: "recipientType", kind: "chip", optionsOf: "recipientType", colors: { "0": "muted", "1": "primary", "2": "info" } },
    { field: "isLive", kind: "bool" },
    {
      field: "sendStatus",
      kind: "chip",
      optionsOf: "sendStatus",
      colors: {
        [FLOW_SEND_STATUS.draft]: "muted",
        [FLOW_SEND_STATUS.ready]: "info",
        [FLOW_SEND_STATUS.sending]: "warning",
        [FLOW_SEND_STATUS.sent]: "success",
        [FLOW_SEND_STATUS.cancelled]: "muted",
        [FLOW_SEND_STATUS.errors]: "danger",
      },
    },
    { field: "target", kind: "number", align: "end" },
    { field: "sent", kind: "number", align: "end" },
    { field: "seen", kind: "number", align: "end" },
    { field: "complete", kind: "number", align: "end" },
    { field: "partial", kind: "number", align: "end" },
  ],
  filters: [
    { name: "type", type: "select", options: { kind: "values", values: FLOW_TYPES } },
    { name: "sendStatus", type: "select", options: { kind: "values", values: FLOW_SEND_STATUSES } },
    { name: "isLive", type: "switch" },
  ],
  search: ["name", "internalName", "tags", "desc"],
  pick: { name: ["name"], desc: "tags" },
  orderBy: [{ field: "ID", dir: "desc" }],
  actions: ["create", "edit", "delete", "print", "export", "search"],
  // A new send of the flow, through the notification wizard (its sends are listed under the flow).
  extraActions: [{ name: "send", scope: "row", dialog: "flowSend" }],
  children: ["admFetchInput", "admFetch/sends"],
});

/** Move up / move down (002 §4): the row's input swaps its order with its neighbour's (POST admFetchInput/swapOrder). */
const move = (name: string, direction: "up" | "down"): ActionDef => ({
  name,
  scope: "row",
  path: "admFetchInput/swapOrder",
  rowKey: "item1Id",
  fields: [{ name: "direction", type: "hidden", default: direction }],
});

/**
 * The questions of a flow (admFlowInput → admFetchInput; 002 §2, §3 "Flow input", §4, §5), asked in `order`, which
 * the server keeps: a new input goes last and moves swap neighbours. Page size 100 and at most 100 inputs per flow,
 * so one page always holds a flow's questions (002 §2 "no pagination").
 */
export const admFetchInput = defineResource({
  id: "admFetchInput",
  module: "admFlowInput",
  keyType: "int",
  pageSize: 100,
  parent: { field: "fectchId", resource: "admFetch" },
  fields: [
    { name: "fectchId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admFetch" }, readOnly: "create" },
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "desc", type: "textarea", rules: { required: true, max: 255 } },
    { name: "type", type: "select", rules: { required: true }, options: { kind: "values", values: INPUT_TYPES }, default: "text", span: "half" },
    { name: "fieldType", type: "select", rules: { required: true }, options: { kind: "values", values: INPUT_FIELD_TYPES }, default: "input", span: "half" },
    { name: "options", type: "sortable", rules: { max: 2000 } },
    { name: "optional", type: "switch", default: false, span: "half" },
    { name: "hidden", type: "switch", default: false, span: "half" },
    { name: "inactive", type: "switch", default: false, span: "half" },
    { name: "affects", type: "text", rules: { max: 100 }, span: "half" },
    ...apiSettings(),
    { name: "order", type: "number", readOnly: "always" },
  ],
  columns: [
    { field: "order", kind: "number", align: "end" },
    { field: "name" },
    { field: "type", kind: "chip", optionsOf: "type" },
    { field: "fieldType", kind: "chip", optionsOf: "fieldType", colors: { input: "primary", context: "warning" } },
    { field: "optional", kind: "bool" },
    { field: "hidden", kind: "bool" },
    { field: "inactive", kind: "bool" },
    { field: "fetchName" },
  ],
  filters: [
    { name: "fetchId", type: "select", options: { kind: "resource", resource: "admFetch" } },
    { name: "type", type: "select", options: { kind: "values", values: INPUT_TYPES } },
  ],
  pick: { name: ["name"], desc: "fetchName" },
  orderBy: [
    { field: "fectchId", dir: "asc" },
    { field: "order", dir: "asc" },
  ],
  actions: ["create", "edit", "delete"],
  inlineActions: 4,
  extraActions: [move("moveUp", "up"), move("moveDown", "down")],
});

/** Answers of a response shown as columns: the answers to the flow's first ten inputs, in the inputs' order (002 §3). */
const RESPONSE_COLUMNS = ["col1", "col2", "col3", "col4", "col5", "col6", "col7", "col8", "col9", "col10"] as const;

/**
 * Flow responses (admFlowResponses → admFetchResponses; 002 §2, §3 "Flow response"): read, printed, exported and
 * deleted, never written here. Filters: the completion date range, the flow and its type, an input answered, the customer.
 */
export const admFetchResponses = defineResource({
  id: "admFetchResponses",
  module: "admFlowResponses",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "fetchId", type: "select", options: { kind: "resource", resource: "admFetch" }, readOnly: "always" },
    { name: "userId", type: "select", options: { kind: "resource", resource: "admUser" }, readOnly: "always" },
    { name: "dateCompleted", type: "datetime", readOnly: "always" },
    ...RESPONSE_COLUMNS.map((name): FieldDef => ({ name, type: "text", readOnly: "always" })),
  ],
  columns: [{ field: "user" }, { field: "fetchName" }, { field: "dateCompleted", kind: "datetime" }, ...RESPONSE_COLUMNS.map((field) => ({ field }))],
  filters: [
    { name: "from", type: "date", span: "half" },
    { name: "to", type: "date", span: "half" },
    { name: "fetchId", type: "select", options: { kind: "resource", resource: "admFetch" } },
    { name: "type", type: "select", options: { kind: "values", values: FLOW_TYPES } },
    { name: "inputId", type: "select", options: { kind: "resource", resource: "admFetchInput", dependsOn: "fetchId", dependsParam: "fetchId" } },
    { name: "userId", type: "select", options: { kind: "resource", resource: "admUser" } },
  ],
  search: ["user", "fetchName", "answers"],
  pick: { name: ["user"], desc: "fetchName" },
  orderBy: [{ field: "createdAt", dir: "desc" }],
  actions: ["delete", "print", "export", "search"],
});
