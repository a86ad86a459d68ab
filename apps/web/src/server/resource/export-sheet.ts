import { UPLOAD_TYPES, type ColumnDef, type FieldDef, type ResourceDef, type Translate } from "@pizarra/contracts";
import { headerIndex, headerKey, importableFields, isReference } from "./import-fields.ts";
import { type Labels, labelsOf, type RowReader } from "./references.ts";

type Row = Record<string, unknown>;

/** A column that holds a picture or a stored file: its cells are links or storage keys, nothing a reader can use. */
function isFileColumn(def: ResourceDef, column: ColumnDef): boolean {
  const field = def.fields.find((f) => f.name === column.field);
  return column.kind === "image" || (field !== undefined && UPLOAD_TYPES.has(field.type));
}

const blank = (value: unknown) => value === null || value === undefined || value === "";

/**
 * A list's export as people read it: the columns of the screen but those of pictures and files, option codes as their
 * labels (a status 10 is "Estudiante"), flags as yes or no, in the caller's language. Whatever the screen shows as a
 * label the file shows the same way: the option field is the column's `optionsOf`, else its own fixed-list select.
 *
 * A module that imports gets back what it exports, as it is: a column whose header the import reads as a field is
 * written as that field (a student's "Sección" is its section, by the label its pick list shows), and the fields no
 * column shows follow the screen's, so that a file holds every value a new record needs.
 */
export async function exportSheet(def: ResourceDef, t: Translate, rows: RowReader): Promise<{ headers: string[]; cells: (row: Row) => unknown[] }> {
  const importable = def.actions.includes("import");
  const index = importable ? headerIndex(def) : new Map<string, FieldDef>();
  const headerOf = (name: string) => t(`resources.${def.id}.fields.${name}`);
  const fieldOf = new Map(def.fields.map((f) => [f.name, f]));
  const shown = def.columns
    .filter((column) => !isFileColumn(def, column))
    .map((column) => ({ column, header: headerOf(column.field), field: index.get(headerKey(headerOf(column.field))) }));
  const covered = new Set(shown.map((s) => s.field?.name));
  const rest = importable ? importableFields(def).filter((f) => !covered.has(f.name)) : [];

  const tables = new Map<string, Labels | null>();
  const tableKey = (field: FieldDef) => (field.options?.kind === "resource" ? `${field.options.resource}?${JSON.stringify(field.options.query ?? {})}` : "");
  for (const field of [...shown.map((s) => s.field), ...rest]) {
    if (!field || !isReference(field) || field.options?.kind !== "resource" || tables.has(tableKey(field))) continue;
    tables.set(tableKey(field), await labelsOf(rows, field.options.resource, field.options.query ?? {}));
  }
  const yesNo = (value: unknown) => t(value ? "moduleScreen.yes" : "moduleScreen.no");
  const list = (label: (value: unknown) => unknown) => (value: unknown) =>
    Array.isArray(value)
      ? value
          .filter((v) => !blank(v))
          .map(label)
          .join(", ") || null
      : blank(value)
        ? null
        : label(value);
  const optionLabel = (optionsOf: string) => list((value) => t(`resources.${def.id}.options.${optionsOf}.${String(value)}`));

  /** How a field's value is written when the column is the field's (a reference by its label, an option by its own). */
  const fieldReader = (field: FieldDef): ((value: unknown) => unknown) => {
    if (field.type === "switch" || field.type === "checkbox") return yesNo;
    if (field.options?.kind === "values") return optionLabel(field.name);
    const labels = tables.get(tableKey(field));
    return labels ? list((value) => labels.label(value) ?? value) : (value) => value ?? null;
  };
  const columnReader = (column: ColumnDef): ((value: unknown) => unknown) => {
    const field = fieldOf.get(column.field);
    if (column.kind === "bool" || column.kind === "checkbox" || field?.type === "switch" || field?.type === "checkbox") return yesNo;
    const optionsOf = column.optionsOf ?? (field?.options?.kind === "values" ? field.name : null);
    return optionsOf ? optionLabel(optionsOf) : (value) => value ?? null;
  };
  const readers = [
    ...shown.map(({ column, field }) => {
      // A column the import reads as a field is written as that field: a section's name for its id, a catalogue's
      // own type code that the screen shows by a label.
      const reader = field ? fieldReader(field) : columnReader(column);
      const name = field ? field.name : column.field;
      return (row: Row) => reader(row[name]);
    }),
    ...rest.map((field) => {
      const reader = fieldReader(field);
      return (row: Row) => reader(row[field.name]);
    }),
  ];
  return {
    headers: [...shown.map((s) => s.header), ...rest.map((f) => headerOf(f.name))],
    cells: (row) => readers.map((read) => read(row)),
  };
}
