/**
 * Family links (001 §2-§3 "Student" and its relatives, 002 §3 "Relative"): the calls that list, add, change and end a
 * student's links to relatives, list a relative's children, and the students with their contacts (admStudent/contacts).
 * A link (Kinship) carries its kind (LINK_KIND: principal guardian, guardian, external contact), what the relative is
 * to the student (KINSHIP_RELATIONS), who pays, may pick up, receives messages, and a custody or contact restriction.
 */
import { z } from "zod";
import { ZMoment, ZPage, ZPageQuery } from "../envelope.ts";
import { KINSHIP_RELATIONS, LINK_KIND, LINK_KINDS } from "../person-types.ts";
import { admRelatives } from "../resource/defs/people.ts";
import { recordSchema } from "../resource/schema.ts";
import type { FieldDef, ResourceDef } from "../resource/types.ts";
import { ZRecordId } from "../validation.ts";

/** Longest staff note on a restricted link. */
export const RESTRICTION_MAX = 500;

/**
 * A link's fields as its forms show them (labels under `family.fields.*`, values under `family.options.*`): the screen
 * draws them with the generic widgets, the server reads them with ZFamilyLinkFlags.
 */
export const FAMILY_LINK_FIELDS: readonly FieldDef[] = [
  { name: "userKind", type: "select", rules: { required: true }, options: { kind: "values", values: LINK_KINDS }, default: LINK_KIND.guardian, span: "half" },
  { name: "relation", type: "select", options: { kind: "values", values: KINSHIP_RELATIONS }, span: "half" },
  { name: "pays", type: "switch", default: false, span: "half" },
  { name: "pickup", type: "switch", default: true, span: "half" },
  { name: "messages", type: "switch", default: true, span: "half" },
  { name: "contactRights", type: "switch", default: true, span: "half" },
  { name: "restriction", type: "textarea", rules: { max: RESTRICTION_MAX }, hiddenWhen: { field: "contactRights", equals: true } },
];

/** The existing relative a link is made to: a pick over admRelatives (002 §2). */
export const RELATIVE_PICK_FIELD: FieldDef = {
  name: "relativeId",
  type: "select",
  rules: { required: true },
  options: { kind: "resource", resource: "admRelatives" },
};

/** A new relative's fields the family panel asks for: admRelatives' own, with its rules and labels (002 §5). */
export const NEW_RELATIVE_FIELD_NAMES = [
  "externalId",
  "name",
  "last",
  "last2",
  "gender",
  "nationality",
  "documenttype",
  "documentnumber",
  "cel",
  "mail",
] as const;
/** The label of a family form's field, in messages: a new relative's are admRelatives' own, a link's under `family`. */
export const familyLabelKey = (field: string) =>
  (NEW_RELATIVE_FIELD_NAMES as readonly string[]).includes(field) ? `resources.${admRelatives.id}.fields.${field}` : `family.fields.${field}`;

/** admRelatives narrowed to those fields: what the new relative's part of the form is checked against, in both places. */
export const NEW_RELATIVE_DEF: ResourceDef = {
  ...admRelatives,
  fields: admRelatives.fields.filter((f) => (NEW_RELATIVE_FIELD_NAMES as readonly string[]).includes(f.name)).map((f) => ({ ...f, span: "half" as const })),
  layout: undefined,
};

const noteText = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().trim().max(RESTRICTION_MAX).nullable().optional());

/** What a link allows, as staff set it (add and edit). A restriction note is kept only while contact is restricted. */
export const ZFamilyLinkFlags = z.object({
  userKind: z.union(LINK_KINDS.map((k) => z.literal(k)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<3>]),
  relation: z.preprocess((v) => (v === "" ? null : v), z.enum(KINSHIP_RELATIONS).nullable().optional()),
  pays: z.boolean().default(false),
  pickup: z.boolean().default(true),
  messages: z.boolean().default(true),
  contactRights: z.boolean().default(true),
  restriction: noteText,
});
export type TFamilyLinkFlags = z.output<typeof ZFamilyLinkFlags>;

/** POST admStudent/family/{id}/link: a link to a relative the school already has. */
export const ZFamilyLinkExisting = ZFamilyLinkFlags.extend({ relativeId: ZRecordId });
export type TFamilyLinkExisting = z.output<typeof ZFamilyLinkExisting>;

/** POST admStudent/family/{id}/new: a new relative (admRelatives' fields and rules) and their link, in one go. */
export const ZFamilyLinkNew = ZFamilyLinkFlags.extend(
  recordSchema(NEW_RELATIVE_DEF, "create").shape as Record<(typeof NEW_RELATIVE_FIELD_NAMES)[number], z.ZodType>,
);
export type TFamilyLinkNew = z.output<typeof ZFamilyLinkNew>;

/** The student a family call is about (admStudent/family/{id}) or the relative (admRelatives/children/{id}). */
export const ZFamilyParams = z.object({ id: ZRecordId });
/** …and the relative of one of the student's links (edit, end). */
export const ZFamilyLinkParams = z.object({ id: ZRecordId, relativeId: ZRecordId });

/** A link's flags as answers carry them. */
const openLinkFlags = {
  userKind: z.number().int(),
  relation: z.string().nullable(),
  pays: z.boolean(),
  pickup: z.boolean(),
  messages: z.boolean(),
  contactRights: z.boolean(),
  restriction: z.string().nullable(),
};
const linkFlags = { ...openLinkFlags, endedAt: ZMoment.nullable() };

/** GET admStudent/family/{id}: the student's links, open ones first (principal first), then the ended ones. */
export const ZFamilyLinkRow = z.object({
  relativeId: z.number().int(),
  name: z.string(),
  externalId: z.string().nullable(),
  document: z.string().nullable(),
  cel: z.string().nullable(),
  mail: z.string().nullable(),
  ...linkFlags,
});
export type TFamilyLinkRow = z.output<typeof ZFamilyLinkRow>;
export const ZFamilyLinksAnswer = ZPage(ZFamilyLinkRow);
export type TFamilyLinksAnswer = z.output<typeof ZFamilyLinksAnswer>;

/** The answer of a write: the link as it now stands. */
export const ZFamilyLinkSaved = ZFamilyLinkRow;

/** GET admRelatives/children/{id}: the students the relative is linked to, with the links' flags. */
export const ZFamilyChildRow = z.object({
  studentId: z.number().int(),
  name: z.string(),
  externalId: z.string().nullable(),
  sectionName: z.string().nullable(),
  ...linkFlags,
});
export type TFamilyChildRow = z.output<typeof ZFamilyChildRow>;
export const ZFamilyChildrenAnswer = ZPage(ZFamilyChildRow);
export type TFamilyChildrenAnswer = z.output<typeof ZFamilyChildrenAnswer>;

const optionalId = z.preprocess((v) => (v === "" ? undefined : v), ZRecordId.optional());

/**
 * GET admStudent/contacts (001 §7, beside the section-transfer lists fetched with PageSize=10000): students, narrowed
 * by grade, section, a search (`filter`, as the generic lists take it) or one student, paged like the generic lists.
 */
export const ZStudentContactsQuery = ZPageQuery.extend({
  superSectionId: optionalId,
  sectionId: optionalId,
  studentId: optionalId,
  filter: z.string().trim().max(200).optional(),
  filterBy: z.string().max(100).optional(),
});
export type TStudentContactsQuery = z.output<typeof ZStudentContactsQuery>;

/** A student's open link as the contacts list shows it: whom to call, and what they may (restricted: no contact rights). */
export const ZStudentContact = z.object({
  relativeId: z.number().int(),
  name: z.string(),
  cel: z.string().nullable(),
  homephone: z.string().nullable(),
  mail: z.string().nullable(),
  ...openLinkFlags,
  restricted: z.boolean(),
});
export const ZStudentContactsRow = z.object({
  ID: z.number().int(),
  externalId: z.string().nullable(),
  name: z.string(),
  sectionName: z.string().nullable(),
  contacts: z.array(ZStudentContact),
});
export type TStudentContactsRow = z.output<typeof ZStudentContactsRow>;
export const ZStudentContactsAnswer = ZPage(ZStudentContactsRow);
export type TStudentContactsAnswer = z.output<typeof ZStudentContactsAnswer>;
