import { NOTIFICATION_STATUS } from "../../notifications/status.ts";
import { defineResource, FULL_ACTIONS, type FieldDef } from "../types.ts";

/** Spec 001 §5 and 002 §5: publication, calendar and notification images are jpeg, jpg or png (image control: 2 MB). */
const picture = (name: string, group?: string): FieldDef => ({
  name,
  type: "image",
  rules: { ext: ["jpeg", "jpg", "png"], maxBytes: 2 * 1024 * 1024 },
  maxSize: { width: 1280, height: 1280 },
  ...(group ? { group } : {}),
});

/**
 * Who a publication or a calendar activity is for: grades and sections (none: the whole school; a section's grade is
 * added to the grades) and the kinds of people who see it (guardians, students, teachers).
 */
const audience = (group: string): FieldDef[] => [
  { name: "superSections", type: "select", multiple: true, options: { kind: "resource", resource: "admSuperSection" }, group },
  { name: "sections", type: "select", multiple: true, options: { kind: "resource", resource: "admSection" }, group },
  { name: "accessPrincipal", type: "switch", default: true, group },
  { name: "accessDependant", type: "switch", default: false, group },
  { name: "accessMaster", type: "switch", default: true, group },
];

const publishing = (group: string): FieldDef[] => [
  { name: "published", type: "switch", default: false, group },
  { name: "publishFrom", type: "datetime", group, span: "half" },
  { name: "publishTo", type: "datetime", group, span: "half" },
];

/** Publications (001 §3 "Publication", §5: title max 150, short comment max 150, images jpeg/jpg/png). */
export const admPublication = defineResource({
  id: "admPublication",
  module: "admPublication",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 150 }, group: "spanish" },
    { name: "desc", type: "textarea", rules: { max: 150 }, group: "spanish" },
    { name: "body", type: "editor", rules: { max: 100_000 }, group: "spanish" },
    { name: "by", type: "text", rules: { max: 100 }, group: "spanish" },
    { name: "nameEN", type: "text", rules: { max: 150 }, group: "english" },
    { name: "descEN", type: "textarea", rules: { max: 150 }, group: "english" },
    { name: "bodyEN", type: "editor", rules: { max: 100_000 }, group: "english" },
    picture("img1", "images"),
    picture("img2", "images"),
    picture("img3", "images"),
    { name: "categoryId", type: "select", options: { kind: "resource", resource: "admCategory", query: { type: "pub" } }, group: "publishing" },
    { name: "pinTop", type: "switch", default: false, group: "publishing" },
    ...publishing("publishing"),
    ...audience("audience"),
  ],
  layout: { kind: "tabs", groups: ["spanish", "english", "images", "publishing", "audience"] },
  columns: [
    { field: "img1", kind: "image" },
    { field: "name" },
    { field: "categoryName" },
    { field: "published", kind: "bool" },
    { field: "pinTop", kind: "bool" },
    { field: "publishFrom", kind: "datetime" },
    { field: "publishTo", kind: "datetime" },
    { field: "partCount", kind: "number", align: "end" },
  ],
  filters: [
    { name: "categoryId", type: "select", options: { kind: "resource", resource: "admCategory", query: { type: "pub" } } },
    { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection" } },
    { name: "published", type: "switch" },
  ],
  search: ["name", "nameEN", "desc", "by"],
  pick: { name: ["name"], img: "img1Url", desc: "desc" },
  orderBy: [
    { field: "pinTop", dir: "desc" },
    { field: "publishFrom", dir: "desc" },
  ],
  actions: FULL_ACTIONS,
  children: ["admPublicationPart"],
  aiAssist: {
    path: "admPublication/AiAssist",
    pairs: [
      ["name", "nameEN"],
      ["desc", "descEN"],
      ["body", "bodyEN"],
    ],
    write: ["desc", "body", "descEN", "bodyEN"],
  },
});

/** The parts of a publication (admPublicationPart): further blocks of text with a picture, in order. */
export const admPublicationPart = defineResource({
  id: "admPublicationPart",
  module: "admPublication",
  keyType: "int",
  pageSize: 40,
  parent: { field: "publicationId", resource: "admPublication" },
  fields: [
    { name: "publicationId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admPublication" } },
    { name: "name", type: "text", rules: { required: true, max: 150 } },
    { name: "body", type: "editor", rules: { max: 100_000 } },
    { name: "nameEN", type: "text", rules: { max: 150 } },
    { name: "bodyEN", type: "editor", rules: { max: 100_000 } },
    picture("img"),
    { name: "sort", type: "number", rules: { integer: true, minValue: 0, maxValue: 999 } },
  ],
  columns: [{ field: "sort", kind: "number", align: "end" }, { field: "img", kind: "image" }, { field: "name" }, { field: "nameEN" }],
  search: ["name", "nameEN"],
  pick: { name: ["name"], img: "imgUrl" },
  orderBy: [{ field: "sort", dir: "asc" }],
  actions: ["create", "edit", "delete", "print", "export"],
});

/** `admActivity/get?type=`: "ayr" all-year-round activities (no date), "cal" dated ones. */
const ACTIVITY_TYPES = ["ayr", "cal"] as const;

/**
 * Calendar activities (module admCalendar, API admActivity; 002 §3 "Calendar activity", §5: name required, max 150;
 * dates required for a dated activity; location max 50; img jpeg/jpg/png). Filtered by grade and section (002 §2).
 */
export const admActivity = defineResource({
  id: "admActivity",
  module: "admCalendar",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 150 }, group: "activity" },
    { name: "categoryId", type: "select", options: { kind: "resource", resource: "admCategory", query: { type: "cal" } }, group: "activity", span: "half" },
    { name: "owner", type: "select", options: { kind: "resource", resource: "admStaff" }, group: "activity", span: "half" },
    { name: "hasDate", type: "switch", default: true, group: "activity" },
    { name: "startDate", type: "datetime", group: "activity", span: "half", hiddenWhen: { field: "hasDate", equals: false } },
    { name: "endDate", type: "datetime", group: "activity", span: "half", hiddenWhen: { field: "hasDate", equals: false } },
    { name: "locationTxt", type: "text", rules: { max: 50 }, group: "activity" },
    { name: "desc", type: "textarea", rules: { max: 1000 }, group: "activity" },
    picture("img", "activity"),
    { name: "nameEN", type: "text", rules: { max: 150 }, group: "english" },
    { name: "descEN", type: "textarea", rules: { max: 1000 }, group: "english" },
    ...publishing("publishing"),
    ...audience("publishing"),
  ],
  layout: { kind: "tabs", groups: ["activity", "english", "publishing"] },
  columns: [
    { field: "img", kind: "image" },
    { field: "name" },
    { field: "categoryName" },
    { field: "startDate", kind: "datetime" },
    { field: "endDate", kind: "datetime" },
    { field: "locationTxt" },
    { field: "published", kind: "bool" },
  ],
  filters: [
    { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection" } },
    { name: "sectionId", type: "select", options: { kind: "resource", resource: "admSection", dependsOn: "superSectionId", dependsParam: "parentId" } },
    { name: "type", type: "select", options: { kind: "values", values: ACTIVITY_TYPES } },
    { name: "from", type: "date", span: "half" },
    { name: "to", type: "date", span: "half" },
  ],
  search: ["name", "nameEN", "desc", "locationTxt"],
  pick: { name: ["name"], img: "imgUrl", desc: "startDate" },
  orderBy: [{ field: "startDate", dir: "desc" }],
  actions: FULL_ACTIONS,
});

/** 002 §3 "Notification": status 0 draft, 1 ready, 2 sending, 3 sent, 4 cancelled, 5 sending errors. */
const STATUS_VALUES = Object.values(NOTIFICATION_STATUS);
/** What a notification is about; each but general and payment offers its records as `objectId`. */
const NOTIFICATION_PAGES = ["general", "publication", "calendar", "payment", "attendance", "fetch"] as const;
/** Days Monday to Sunday are 1 to 6 and 0 (002 §3). */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const recurring = { field: "hasRecurrence", equals: false } as const;
const summary = (name: string): FieldDef => ({ name, type: "number", readOnly: "always", group: "summary", span: "half" });

/**
 * Notifications (002 §2 "Notification screen", §3, §5: name required, max 50; title required with e-mail or push;
 * template required with WhatsApp; send date required, not in the past; recurrence required when on; art
 * jpeg/jpg/png). The start-sending switch (`confirm`) schedules it on save, like `admNotification/schedule/{id}?confirm=true`.
 */
export const admNotification = defineResource({
  id: "admNotification",
  module: "admNotification",
  keyType: "int",
  pageSize: 10,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 50 }, group: "message" },
    {
      name: "page",
      type: "select",
      rules: { required: true },
      options: { kind: "values", values: NOTIFICATION_PAGES },
      default: "general",
      group: "message",
      span: "half",
    },
    {
      name: "objectId",
      type: "select",
      options: {
        kind: "resource",
        resource: "admNotification/objects",
        path: "admNotification/objects",
        dependsOn: "page",
        dependsParam: "parentId",
        ids: true,
      },
      group: "message",
      span: "half",
    },
    { name: "doWA", type: "switch", default: false, group: "message" },
    {
      name: "doWATemplate",
      type: "select",
      options: { kind: "resource", resource: "admLocalization", query: { type: "w" } },
      group: "message",
      hiddenWhen: { field: "doWA", equals: false },
    },
    { name: "placeholders", type: "sortable", rules: { max: 1000 }, group: "message", hiddenWhen: { field: "doWA", equals: false } },
    { name: "doMail", type: "switch", default: false, group: "message", span: "half" },
    { name: "doPush", type: "switch", default: false, group: "message", span: "half" },
    { name: "title", type: "text", rules: { max: 150 }, group: "message" },
    { name: "content", type: "textarea", rules: { max: 4096 }, group: "message" },
    { name: "body", type: "editor", rules: { max: 100_000 }, group: "message" },
    picture("art", "message"),
    {
      name: "sendTo",
      type: "select",
      rules: { required: true },
      options: { kind: "values", values: [0, 2, 4] },
      default: 0,
      group: "recipients",
      span: "half",
    },
    { name: "filterBy", type: "select", options: { kind: "values", values: ["sections", "dependants", "principals"] }, group: "recipients", span: "half" },
    { name: "sectionIds", type: "select", multiple: true, options: { kind: "resource", resource: "admSection" }, group: "recipients" },
    { name: "userIds", type: "select", multiple: true, options: { kind: "resource", resource: "admStudent" }, group: "recipients" },
    { name: "principalUserIds", type: "select", multiple: true, options: { kind: "resource", resource: "admRelatives" }, group: "recipients" },
    { name: "recipientType", type: "select", options: { kind: "values", values: [0, 1] }, group: "recipients", span: "half" },
    { name: "groupId", type: "select", options: { kind: "resource", resource: "admGroup", query: { staff: "0" } }, group: "recipients", span: "half" },
    { name: "sendOn", type: "datetime", rules: { required: true }, group: "schedule" },
    { name: "hasRecurrence", type: "switch", default: false, group: "schedule" },
    {
      name: "recurrencePattern",
      type: "select",
      options: { kind: "values", values: ["daily", "monthly"] },
      group: "schedule",
      span: "half",
      hiddenWhen: recurring,
    },
    { name: "recurrenceEndDate", type: "date", group: "schedule", span: "half", hiddenWhen: recurring },
    { name: "recurrenceDays", type: "checkboxGroup", options: { kind: "values", values: WEEKDAYS }, group: "schedule", hiddenWhen: recurring },
    { name: "recurrenceMonths", type: "checkboxGroup", options: { kind: "values", values: MONTHS }, group: "schedule", hiddenWhen: recurring },
    { name: "recurrence", type: "text", readOnly: "always", group: "schedule", hiddenWhen: recurring },
    // The urgent ones ignore the school's quiet hours; the fallback is tried when the first channel fails for good.
    { name: "urgent", type: "switch", default: false, group: "schedule", span: "half" },
    { name: "fallbackChannel", type: "select", options: { kind: "values", values: ["mail", "whatsapp", "push"] }, group: "schedule", span: "half" },
    { name: "confirm", type: "switch", default: false, group: "schedule" },
    { name: "status", type: "select", options: { kind: "values", values: STATUS_VALUES }, readOnly: "always", group: "summary" },
    // People apart from messages: one person reached by e-mail and WhatsApp is one recipient and two messages.
    summary("recipients"),
    summary("total"),
    summary("sent"),
    summary("read"),
    summary("failed"),
  ],
  layout: { kind: "tabs", groups: ["message", "recipients", "schedule", "summary"] },
  // At 1440 px the channels give way first: how far a send has gone and been read stays in sight beside the actions.
  columns: [
    { field: "name" },
    { field: "status", kind: "chip", optionsOf: "status", colors: { "0": "muted", "1": "info", "2": "warning", "3": "success", "4": "muted", "5": "danger" } },
    { field: "sendOn", kind: "datetime" },
    { field: "doWA", kind: "bool", wide: true },
    { field: "doMail", kind: "bool", wide: true },
    { field: "doPush", kind: "bool", wide: true },
    { field: "recipients", kind: "number", align: "end" },
    { field: "total", kind: "number", align: "end" },
    { field: "sentProgress", kind: "progress" },
    { field: "readProgress", kind: "progress" },
  ],
  // A send running moves its counters: the list follows it until none is sending.
  liveWhile: { field: "status", values: [NOTIFICATION_STATUS.sending] },
  // Edit inline, the rest (delete, preview, schedule, delivery) in the row's menu: the columns keep their room.
  inlineActions: 1,
  filters: [
    { name: "from", type: "date", span: "half" },
    { name: "to", type: "date", span: "half" },
    { name: "status", type: "select", options: { kind: "values", values: STATUS_VALUES } },
  ],
  search: ["name", "title"],
  pick: { name: ["name"], desc: "sendOn" },
  orderBy: [{ field: "sendOn", dir: "desc" }],
  actions: FULL_ACTIONS,
  extraActions: [
    { name: "preview", scope: "row", path: "admNotification/schedule/{ID}" },
    { name: "schedule", scope: "row", path: "admNotification/schedule/{ID}?confirm=true" },
    // Who got it, on which channel, why it failed; retry, pause and resume ask for the write right inside.
    { name: "delivery", scope: "row", write: false, dialog: "notificationMessages" },
    { name: "wizard", scope: "toolbar", dialog: "notificationWizard" },
  ],
});

/**
 * admFlowFetch (hidden; its definition is cut off in 001 §2): the sends of a flow, which are the notifications about
 * it (001 §3 "Notification (as used by flows)": page "fetch", objectId the flow). Read-only under the flow; a send is
 * made and scheduled in admNotification.
 */
export const admFlowSends = defineResource({
  id: "admFetch/sends",
  module: "admFlowFetch",
  keyType: "int",
  pageSize: 10,
  parent: { field: "objectId", resource: "admFetch" },
  fields: [
    { name: "name", type: "text", readOnly: "always" },
    { name: "sendOn", type: "datetime", readOnly: "always" },
    { name: "status", type: "select", options: { kind: "values", values: STATUS_VALUES }, readOnly: "always" },
    { name: "doWA", type: "switch", readOnly: "always", span: "half" },
    { name: "doMail", type: "switch", readOnly: "always", span: "half" },
    { name: "recurrence", type: "text", readOnly: "always" },
    summary("recipients"),
    summary("total"),
    summary("sent"),
    summary("read"),
  ],
  columns: [
    { field: "name" },
    { field: "status", kind: "chip", optionsOf: "status", colors: { "0": "muted", "1": "info", "2": "warning", "3": "success", "4": "muted", "5": "danger" } },
    { field: "sendOn", kind: "datetime" },
    { field: "recipients", kind: "number", align: "end" },
    { field: "total", kind: "number", align: "end" },
    { field: "sentProgress", kind: "progress" },
    { field: "readProgress", kind: "progress" },
  ],
  search: ["name"],
  pick: { name: ["name"], desc: "sendOn" },
  orderBy: [{ field: "sendOn", dir: "desc" }],
  actions: ["print", "export", "search"],
  liveWhile: { field: "status", values: [NOTIFICATION_STATUS.sending] },
});
