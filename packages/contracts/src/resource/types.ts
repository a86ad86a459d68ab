import type { TDeepLink } from "../deep-link.ts";

/**
 * A resource definition drives both the generic API (server/resource) and the generic module screen: one
 * definition and one Prisma model make a list-and-edit module (spec 000 §2.6-2.8, §7 "Generic module screen").
 * Visible texts are not here: labels live in messages/*.json under `resources.<id>` (title, fields.<name>,
 * options.<field>.<value>, groups.<key>, hints.<name>).
 */

/** The spec's field types (000 §2.8). Presentational ones (label, button, separator, alert, embed) carry no value. */
export const FIELD_TYPES = [
  "text",
  "textarea",
  "password",
  "select",
  "date",
  "time",
  "datetime",
  "number",
  "tel",
  "hidden",
  "label",
  "image",
  "button",
  "switch",
  "file",
  "dropzone",
  "embed",
  "tag",
  "checkbox",
  "checkboxGroup",
  "radio",
  "radioGroup",
  "editor",
  "slider",
  "separator",
  "alert",
  "sortable",
  "custom",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const PRESENTATIONAL_TYPES: ReadonlySet<FieldType> = new Set(["label", "button", "separator", "alert", "embed"]);
/** Types whose value is a file reference set by the upload call, never by create/edit. */
export const UPLOAD_TYPES: ReadonlySet<FieldType> = new Set(["image", "file", "dropzone"]);

export interface FieldRules {
  required?: boolean;
  email?: boolean;
  /** Text length limits (spec messages 'may not be greater than :max characters'). Default max 10000. */
  min?: number;
  max?: number;
  /** Numeric value limits. */
  minValue?: number;
  maxValue?: number;
  integer?: boolean;
  /** Exactly this many digits (period ids: 6). */
  digits?: number;
  /** A regular expression the text must match; `patternKey` names its message under `validation`. */
  pattern?: string;
  patternKey?: string;
  /** Allowed file extensions (spec 'ext' rule), checked on the server by content too. */
  ext?: string[];
  /** Upload size limit in bytes (image: 2 MB). */
  maxBytes?: number;
  /** Tags: at most this many. */
  maxItems?: number;
  /** Dropzone: at most this many files (default 1). */
  maxFiles?: number;
}

/**
 * Where a select's options come from: a fixed list (labels in messages) or another resource's pick list, fetched
 * from `{resource}/get?pick=true` — or from `path` when the list is a call of its own (`general/getstates`) that
 * answers the same `{Results: [{ID, name}]}` to the same query (the `dependsParam` value, filterBy/filter).
 */
export type OptionSource =
  | { kind: "values"; values: readonly (string | number)[] }
  | {
      kind: "resource";
      resource: string;
      path?: string;
      query?: Record<string, string>;
      dependsOn?: string;
      dependsParam?: string;
      /** A list with a path of its own carries text codes (a district's "0701") unless it says it carries record ids. */
      ids?: true;
    };

export interface FieldDef {
  name: string;
  type: FieldType;
  rules?: FieldRules;
  options?: OptionSource;
  /** For select/checkboxGroup: several values. */
  multiple?: boolean;
  /** "create": editable only when creating (e.g. a period's ID); "always": shown, never sent. */
  readOnly?: "create" | "always";
  /** The field follows this module's write right instead of the screen's (spec 000 §6). */
  module?: string;
  default?: string | number | boolean | null;
  /** Key of the layout group (tab, wizard step, fieldset or collapsible) the field sits in. */
  group?: string;
  /** Hidden while another field has this value (the relatives' deceased switch). */
  hiddenWhen?: { field: string; equals: string | number | boolean };
  /** Grid width of the field in the form. */
  span?: "full" | "half";
  /** Images: resized to fit this box before upload. */
  maxSize?: { width: number; height: number };
  /** number/slider step; time/datetime step in minutes (default 60). */
  step?: number;
}

export type CellKind = "text" | "bool" | "date" | "datetime" | "decimal" | "chip" | "image" | "progress" | "checkbox" | "number";

export interface ColumnDef {
  field: string;
  kind?: CellKind;
  /** chip: value → colour token (primary, success, warning, danger, info, muted). */
  colors?: Record<string, string>;
  /**
   * Show a value by its label under `options.<optionsOf>` instead of as it is stored: a select field's options, or the
   * values of another field that mean something (a weight of -1 is "automatic"); a value with no label shows as it is.
   */
  optionsOf?: string;
  align?: "start" | "end" | "center";
  /** Shown only where the screen is wide (1536 px and up): the first to go so that the rest fit without scrolling. */
  wide?: boolean;
}

export type ResourceAction = "create" | "edit" | "delete" | "print" | "export" | "import" | "search";

/** What most list-and-edit modules offer. */
export const FULL_ACTIONS: readonly ResourceAction[] = ["create", "edit", "delete", "print", "export", "search"];
/** Lists a school fills from a spreadsheet at the start of a year (students, sections, catalogue values …). */
export const IMPORTABLE_ACTIONS: readonly ResourceAction[] = [...FULL_ACTIONS, "import"];

export interface LayoutDef {
  kind: "plain" | "collapsible" | "wizard" | "tabs" | "fieldsets";
  groups: readonly string[];
}

interface ActionBase {
  name: string;
  scope: "row" | "toolbar";
  /** Needs the write right (default true). */
  write?: boolean;
  /** Offered only to people whose menu holds this module too (001 §6: menu access gates actions). */
  module?: string;
}

/**
 * An action beyond the generic five (period clone, subject duplicate, bulk edit, CSV import): the screen shows a
 * button (on each row, or in the toolbar), asks for `fields` in a dialog when there are any, and POSTs their values.
 * Labels: `resources.<id>.actions.<name>` (button) and `resources.<id>.actions.<name>Hint` (dialog text).
 */
export interface PostActionDef extends ActionBase {
  /** API path; `{ID}` is the row's key, `{<filter>}` a filter's current value (empty when unset). */
  path: string;
  /** Inputs of the dialog; a `file` field's value is sent as base64 text. */
  fields?: readonly FieldDef[];
  /** The body field that receives the row's key (admSubject/duplicate's `newId`, an import's `groupId`). */
  rowKey?: string;
  /** After success, open the record whose key the answer's data.ID names (a cloned period opens). */
  openResult?: boolean;
  link?: never;
  dialog?: never;
  checked?: never;
}

/**
 * An action that opens another module through a deep link (000 §2.1, type 0): `/app/<module>?deepLink=<base64>`. Each
 * deep-link key takes the value of a row field (`ID` is the row's key; a list field gives its first item, none null);
 * a toolbar action reads the filters instead. Reading only: it needs no write right.
 */
export interface LinkActionDef extends ActionBase {
  link: { module: string; params: Partial<Record<Exclude<keyof TDeepLink, "type" | "module">, string>> };
  path?: never;
  fields?: never;
  rowKey?: never;
  openResult?: never;
  dialog?: never;
  checked?: never;
}

/** An action with a dialog of its own (the grade import), registered under `dialog` in the screen; it gets the row. */
export interface DialogActionDef extends ActionBase {
  dialog: string;
  /** A toolbar action on the rows the person checks (the directory's send mail): the grid offers a checkbox per row. */
  checked?: boolean;
  path?: never;
  fields?: never;
  rowKey?: never;
  openResult?: never;
  link?: never;
}

export type ActionDef = PostActionDef | LinkActionDef | DialogActionDef;

export interface ResourceDef {
  /** The API resource: `{id}/get`, `{id}/create` … */
  id: string;
  /** The menu module whose read/write rights guard it (usually the same as id). */
  module: string;
  /** The record key: `ID` in the API; integer ids are generated unless `keyInput` lets the user type it (periods). */
  keyType: "int" | "string";
  keyInput?: boolean;
  fields: readonly FieldDef[];
  layout?: LayoutDef;
  columns: readonly ColumnDef[];
  /** Fields of the filter form, sent as query parameters of `get`. */
  filters?: readonly FieldDef[];
  /** Fields searched by `filterBy=…&filter=…` and by the search box (case-insensitive contains). */
  search?: readonly string[];
  /** Rows per page (spec: 40 by default, groups 50, notifications 10). */
  pageSize: number;
  /** Pick-list shape (spec 000 §2.8: ID, name, img, desc): which fields make the name, image and description. */
  pick: { name: readonly string[]; img?: string; desc?: string };
  /** A sub-grid's parent: `?parentId=` fills this field. */
  parent?: { field: string; resource: string };
  /** Default order of the list. */
  orderBy?: readonly { field: string; dir: "asc" | "desc" }[];
  /** What the screen offers; the API refuses a create, edit or delete (and uploads) missing here, so a list without them is read-only. */
  actions: readonly ResourceAction[];
  /** Whole-list print and export only for these role codes (001 §6: the directory's export is role 100's). */
  printRoles?: readonly number[];
  /** Row icons shown inline before the rest go to a menu (spec 000 §2.6: "a configured number"). */
  inlineActions?: number;
  /** The list reads itself again every few seconds while a row of its page holds one of these values (a send running). */
  liveWhile?: { field: string; values: readonly (string | number)[] };
  /** Sub-grids opened from a row, by resource id. */
  children?: readonly string[];
  /** Actions beyond create/edit/delete. */
  extraActions?: readonly ActionDef[];
  /**
   * Panels of their own in a saved record's form (a student's family links): each is drawn in its layout group, after
   * the group's fields, by the component the screen registers under `name`; a group may hold a panel and no field.
   */
  panels?: readonly PanelDef[];
  /**
   * The editor's AI writing assistant (000 §2.8, §7 "AI assist"), offered on the form of a module whose menu entry has
   * `ai: true`: the route it posts the form's values to, the Spanish and English fields translated into each other,
   * and the fields "Write with AI" can fill.
   */
  aiAssist?: AiAssistDef;
}

/** ResourceDef.aiAssist. */
export interface AiAssistDef {
  /** The route (`admPublication/AiAssist`): the form's values plus `aiAssist`, answered with field → text. */
  path: string;
  /** Pairs of fields of the same text, [Spanish, English]; the first pair's are the titles the assistant needs. */
  pairs: readonly (readonly [string, string])[];
  /** The fields the assistant may write. */
  write: readonly string[];
}

/** A record's panel of its own (ResourceDef.panels). */
export interface PanelDef {
  /** The layout group (tab, section) it is drawn in. */
  group: string;
  /** The component the screen registers under this name (components/resource/record-panels.ts). */
  name: string;
}

export function defineResource<const T extends ResourceDef>(def: T): T {
  return def;
}

/** A line of an import file that was refused: its line in the file (the header is 1), the field and the message. */
export interface TImportLine {
  line: number;
  field: string | null;
  message: string;
}

/** A grade and its sections (the section list follows the grade chosen): the pair many screens filter by. */
export const GRADE_SECTION_PICKS = {
  superSectionId: { name: "superSectionId", type: "select", options: { kind: "resource", resource: "admSuperSection" } },
  sectionId: {
    name: "sectionId",
    type: "select",
    options: { kind: "resource", resource: "admSection", dependsOn: "superSectionId", dependsParam: "parentId" },
  },
} as const satisfies Record<string, FieldDef>;
