import { defineResource, FULL_ACTIONS, type ColumnDef, type FieldDef } from "../types.ts";

/** 001 §4: 0 Iniciado, 1 En proceso, 2 Finalizado. */
const TRACKING_STATUSES = [0, 1, 2] as const;
/** 001 §4: 0 Separada, 1 Confirmada, 2 Completada. */
const BOOKING_STATUSES = [0, 1, 2] as const;
/** Spec 001 §5: booking notes and agreements max 1500. */
const BOOKING_NOTE = { max: 1500 } as const;
const NOTE = { max: 4000 } as const;

/** The values of a catalogue type (admOtlt) as `general/getlist/{type}` lists them (001 §7): their codes are kept. */
const catalogue = (type: string) => ({ kind: "resource", resource: `general/getlist/${type}`, path: `general/getlist/${type}` }) as const;

const period = { kind: "resource", resource: "admPeriod" } as const;
const grade = { kind: "resource", resource: "admSuperSection", dependsOn: "periodId", dependsParam: "periodId" } as const;
const section = { kind: "resource", resource: "admSection", dependsOn: "superSectionId", dependsParam: "parentId" } as const;
const staff = { kind: "resource", resource: "admStaff" } as const;

/**
 * Who and when (001 §5 "Tracking required fields": period, grade, section, student, teacher, date): the student is
 * picked from a section of a grade of the period. The teacher is required, except that a teacher (role 5) is the
 * teacher of what they record (001 §6), which the server fills in.
 */
const whoAndWhen: FieldDef[] = [
  { name: "periodId", type: "select", rules: { required: true }, options: period, group: "student", span: "half" },
  { name: "dateFrom", type: "date", rules: { required: true }, group: "student", span: "half" },
  { name: "superSectionId", type: "select", rules: { required: true }, options: grade, group: "student", span: "half" },
  { name: "sectionId", type: "select", rules: { required: true }, options: section, group: "student", span: "half" },
  {
    name: "userId",
    type: "select",
    rules: { required: true },
    options: { kind: "resource", resource: "admStudent", dependsOn: "sectionId", dependsParam: "sectionId" },
    group: "student",
  },
  { name: "masterId", type: "select", options: staff, group: "student" },
];
const createdBy: FieldDef = { name: "createdByName", type: "text", readOnly: "always" };

const conductFilters: FieldDef[] = [
  { name: "periodId", type: "select", options: period },
  { name: "superSectionId", type: "select", options: grade },
  { name: "sectionId", type: "select", options: section },
  { name: "userId", type: "select", options: { kind: "resource", resource: "admStudent", dependsOn: "sectionId", dependsParam: "sectionId" } },
  { name: "masterId", type: "select", options: staff },
];
const student: ColumnDef[] = [{ field: "dateFrom", kind: "date" }, { field: "studentName" }, { field: "gradeName" }, { field: "sectionName" }];
/** How conduct records are searched, picked and ordered. */
const conductListing = {
  search: ["studentName", "note1", "createdByName"],
  pick: { name: ["dateFrom", "studentName"] },
  orderBy: [{ field: "dateFrom", dir: "desc" }],
  actions: FULL_ACTIONS,
} as const;

/**
 * The conduct records (001 §3 "Tracking", "Commitment", "Journal") share one table; each of the four modules below
 * keeps the records of its own `type`, which the server sets.
 *
 * Tracking (admTracking) and behaviour (admBehavior) records have the same form (001 §3 "Tracking"): the related
 * catalogue values, what happened and what was done, the family's side (shown online, notified — only roles 100 and
 * 20 may notify, 001 §6), up to three files and the appointments booked about it.
 */
const trackingLike = <const Id extends string>(id: Id) =>
  defineResource({
    id,
    module: id,
    keyType: "int",
    pageSize: 40,
    fields: [
      ...whoAndWhen,
      {
        name: "status",
        type: "select",
        rules: { required: true },
        options: { kind: "values", values: TRACKING_STATUSES },
        default: 0,
        group: "record",
        span: "half",
      },
      { name: "negative", type: "switch", default: false, group: "record", span: "half" },
      { name: "values1", type: "select", multiple: true, rules: { required: true }, options: catalogue("trackingValues1"), group: "record" },
      { name: "note1", type: "textarea", rules: { required: true, ...NOTE }, group: "record" },
      { name: "note2", type: "textarea", rules: { required: true, ...NOTE }, group: "record" },
      { name: "note3", type: "textarea", rules: NOTE, group: "record" },
      { name: "note4", type: "textarea", rules: NOTE, group: "record" },
      { name: "note5", type: "textarea", rules: NOTE, group: "record" },
      { name: "flag1", type: "switch", default: false, group: "record", span: "half" },
      { name: "flag2", type: "switch", default: false, group: "record", span: "half" },
      { ...createdBy, group: "record" },
      { name: "online", type: "switch", default: false, group: "family" },
      { name: "notify", type: "switch", default: false, group: "family", span: "half" },
      { name: "notifOn", type: "datetime", group: "family", span: "half", hiddenWhen: { field: "notify", equals: false } },
      { name: "readOn", type: "datetime", readOnly: "always", group: "family", span: "half" },
      { name: "bookings", type: "number", readOnly: "always", group: "family", span: "half" },
      // What the family notice's ledger rows say (sent, waiting, failed), kept by the server.
      { name: "notified", type: "text", readOnly: "always", group: "family", hiddenWhen: { field: "notify", equals: false } },
      { name: "file1", type: "file", group: "files" },
      { name: "file2", type: "file", group: "files" },
      { name: "file3", type: "file", group: "files" },
    ],
    layout: { kind: "tabs", groups: ["student", "record", "family", "files"] },
    columns: [
      ...student,
      { field: "values1Names" },
      { field: "status", kind: "chip", optionsOf: "status", colors: { "0": "warning", "1": "info", "2": "success" } },
      { field: "negative", kind: "bool" },
      { field: "masterName" },
      { field: "bookings", kind: "number" },
    ],
    filters: [
      ...conductFilters,
      { name: "status", type: "select", options: { kind: "values", values: TRACKING_STATUSES } },
      { name: "negative", type: "switch" },
    ],
    ...conductListing,
  });

export const admTracking = trackingLike("admTracking");
export const admBehavior = trackingLike("admBehavior");

/**
 * Commitments (001 §3 "Commitment"): what the student, the family and the school undertake (note1-note6), signed
 * on dateFrom, valid until dateTo and reviewed on dueDate; the signed document is the file.
 */
export const admCommitment = defineResource({
  id: "admCommitment",
  module: "admCommitment",
  keyType: "int",
  pageSize: 40,
  fields: [
    ...whoAndWhen,
    { name: "values1", type: "select", multiple: true, options: catalogue("trackingValues1"), group: "commitment" },
    { name: "note1", type: "textarea", rules: { required: true, ...NOTE }, group: "commitment" },
    { name: "note2", type: "textarea", rules: NOTE, group: "commitment" },
    { name: "note3", type: "textarea", rules: NOTE, group: "commitment" },
    { name: "note4", type: "textarea", rules: NOTE, group: "commitment" },
    { name: "note5", type: "textarea", rules: NOTE, group: "commitment" },
    { name: "note6", type: "textarea", rules: NOTE, group: "commitment" },
    { name: "dateTo", type: "date", group: "commitment", span: "half" },
    { name: "dueDate", type: "date", group: "commitment", span: "half" },
    { ...createdBy, group: "commitment" },
    { name: "files", type: "dropzone", rules: { ext: ["pdf", "jpg", "jpeg", "png"] }, group: "commitment" },
  ],
  layout: { kind: "tabs", groups: ["student", "commitment"] },
  columns: [...student, { field: "values1Names" }, { field: "dueDate", kind: "date" }, { field: "dateTo", kind: "date" }, { field: "masterName" }],
  filters: conductFilters,
  ...conductListing,
});

/** The journal (admJournal, 001 §3 "Journal"): an anecdote about a student, praise or an improvement opportunity. */
export const admJournal = defineResource({
  id: "admJournal",
  module: "admJournal",
  keyType: "int",
  pageSize: 40,
  fields: [
    ...whoAndWhen,
    { name: "negative", type: "switch", default: false, group: "entry" },
    { name: "values1", type: "select", multiple: true, options: catalogue("trackingValues1"), group: "entry" },
    { name: "values2", type: "select", multiple: true, options: catalogue("trackingValues2"), group: "entry" },
    { name: "note1", type: "textarea", rules: { required: true, ...NOTE }, group: "entry" },
    { name: "note3", type: "textarea", rules: NOTE, group: "entry" },
    { ...createdBy, group: "entry" },
    { name: "files", type: "dropzone", group: "entry" },
  ],
  layout: { kind: "tabs", groups: ["student", "entry"] },
  columns: [...student, { field: "negative", kind: "bool" }, { field: "values1Names" }, { field: "masterName" }],
  filters: [...conductFilters, { name: "negative", type: "switch" }],
  ...conductListing,
});

/**
 * Appointments (admBookingList, 001 §3 "Booking", page size 20): a resource's time with a student's family. The spec's
 * `extras` (participants and tracking record) are two fields here; the slot, the names and the status (read-only,
 * 001 §4) come from the server, and a teacher (role 5) books their own resource.
 */
export const admBookingList = defineResource({
  id: "admBookingList",
  module: "admBookingList",
  keyType: "int",
  pageSize: 20,
  fields: [
    { name: "resourceId", type: "select", options: { kind: "resource", resource: "admResource", query: { inactive: "false" } } },
    { name: "dtDate", type: "datetime", rules: { required: true }, step: 1, span: "half" },
    { name: "dtEndDate", type: "datetime", step: 1, span: "half" },
    { name: "slot", type: "text", readOnly: "always", span: "half" },
    { name: "status", type: "select", readOnly: "always", options: { kind: "values", values: BOOKING_STATUSES }, span: "half" },
    { name: "userId", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admStudent" } },
    {
      name: "participants",
      type: "select",
      multiple: true,
      options: { kind: "resource", resource: "me/family", path: "me/family", dependsOn: "userId", dependsParam: "studentId", ids: true },
    },
    { name: "trackingId", type: "select", options: { kind: "resource", resource: "admTracking", dependsOn: "userId", dependsParam: "userId" } },
    { name: "notes", type: "textarea", rules: BOOKING_NOTE },
    { name: "completed", type: "switch", default: false },
    { name: "notesCompleted", type: "textarea", rules: BOOKING_NOTE, hiddenWhen: { field: "completed", equals: false } },
    createdBy,
  ],
  columns: [
    { field: "dtDate", kind: "datetime" },
    { field: "slot" },
    { field: "resourceName" },
    { field: "userName" },
    { field: "externalId" },
    { field: "status", kind: "chip", optionsOf: "status", colors: { "0": "warning", "1": "info", "2": "success" } },
  ],
  filters: [
    { name: "resourceId", type: "select", options: { kind: "resource", resource: "admResource" } },
    { name: "status", type: "select", options: { kind: "values", values: BOOKING_STATUSES } },
  ],
  search: ["userName", "externalId", "resourceName", "notes"],
  pick: { name: ["dtDate", "resourceName"], desc: "userName" },
  orderBy: [{ field: "dtDate", dir: "desc" }],
  actions: FULL_ACTIONS,
  extraActions: [{ name: "confirm", scope: "row", path: "admBookingList/confirm/{ID}" }],
});

/** What can be booked (admResource): a teacher's or the counsellor's agenda, or a room; appointments last `duration` minutes. */
export const admResource = defineResource({
  id: "admResource",
  module: "admResource",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "name", type: "text", rules: { required: true, max: 100 } },
    { name: "desc", type: "text", rules: { max: 255 } },
    { name: "userId", type: "select", options: staff },
    { name: "duration", type: "number", rules: { required: true, integer: true, minValue: 5, maxValue: 240 }, default: 20, step: 5, span: "half" },
    { name: "inactive", type: "switch", default: false, span: "half" },
  ],
  columns: [{ field: "name" }, { field: "desc" }, { field: "userName" }, { field: "duration", kind: "number" }, { field: "inactive", kind: "bool" }],
  filters: [{ name: "inactive", type: "switch" }],
  search: ["name", "desc"],
  pick: { name: ["name"], desc: "desc" },
  orderBy: [{ field: "name", dir: "asc" }],
  actions: FULL_ACTIONS,
});
