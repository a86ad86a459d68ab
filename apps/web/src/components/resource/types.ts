/** A list row or a record as the API sends it: `ID` plus the definition's fields and display fields by name. */
export type Row = Record<string, unknown> & { ID: string | number };

/** The answer of `{resource}/get` (spec 000 §2.7: RowCount -1 when the total was not counted). */
export interface ListAnswer<T = Row> {
  Results: T[];
  RowCount: number;
  PageCount: number;
}

/** A pick-list row (spec 000 §2.8: ID, name, img, desc). */
export interface PickOption {
  ID: string | number;
  name: string;
  img?: string | null;
  desc?: string | null;
}

export type FormMode = "create" | "edit";

/** Query values as api.ts takes them. */
export type Query = Record<string, string | number | boolean | undefined>;

/** What a dialog of its own (an action's `dialog`, e.g. the grade import) gets from the screen: the row it acts on. */
export interface OwnDialogProps {
  open: boolean;
  /** The row of a row action; null from the toolbar. */
  row: Row | null;
  /** The rows the person checked, for an action on them (`checked`); empty otherwise. */
  rows: Row[];
  onClosed: () => void;
  /** After it changed data: the list reloads. */
  onDone: () => void;
}

/** What a record's panel of its own (ResourceDef.panels) gets: the saved record, and whether the person may change it. */
export interface RecordPanelProps {
  record: Row;
  canWrite: boolean;
  /** Keeps DOM ids unique when a child sheet's form sits over its parent's. */
  idPrefix: string;
}
