import { resourceDef } from "@pizarra/contracts";
import { foldText } from "./search-text.ts";

type Row = Record<string, unknown>;

/** A resource's rows for a list query (`{resource}/get` as its own screen answers it), lent by the factory; null when the engine serves no such list. */
export type RowReader = (resource: string, query: Row) => Promise<Row[] | null>;

/** What a typed label names: one record, several (their labels, to say which to write), or none. */
export type Found = { id: unknown } | { ambiguous: string[] } | null;

export interface Labels {
  /** A record's label as an export writes it: its pick-list name, with its description when another record shares the name. */
  label(id: unknown): string | null;
  /** The record a file names by that label (or, when the list is narrowed to a parent, by its own name; or by its id). */
  find(text: string): Found;
}

/** Labels as typed: case, accents and spacing aside. */
const fold = (text: string) => foldText(text).replace(/\s+/g, " ").trim();

/**
 * The records of a resource by the labels its pick lists show (spec 000 §2.8: the name's fields, then the description
 * beside it): "3.º A" for a section, "3.º A (Año escolar 2026)" where last year's 3.º A shares the name. One table serves
 * the export, which writes ids as labels, and the import, which reads them back; a label two records share is never
 * resolved to either of them.
 */
export async function labelsOf(read: RowReader, resource: string, query: Row = {}, byOwnName = false): Promise<Labels | null> {
  const def = resourceDef(resource);
  const rows = def ? await read(resource, query) : null;
  if (!def || !rows) return null;
  const text = (value: unknown) => (value === null || value === undefined ? "" : String(value).trim());
  const entries = rows.map((row) => {
    const name = def.pick.name
      .map((f) => text(row[f]))
      .filter(Boolean)
      .join(" ");
    const desc = def.pick.desc ? text(row[def.pick.desc]) : "";
    return { id: row.ID, name, full: desc ? `${name} (${desc})` : name, own: byOwnName ? text(row.name) : "" };
  });
  const shared = new Map<string, number>();
  for (const e of entries) shared.set(fold(e.name), (shared.get(fold(e.name)) ?? 0) + 1);
  const byId = new Map(entries.map((e) => [String(e.id), e]));
  return {
    label(id) {
      const entry = byId.get(String(id));
      if (!entry) return null;
      return (shared.get(fold(entry.name)) ?? 0) > 1 ? entry.full : entry.name;
    },
    find(typed) {
      const wanted = fold(typed);
      const matches = entries.filter((e) => fold(e.name) === wanted || fold(e.full) === wanted || (e.own !== "" && fold(e.own) === wanted));
      if (matches.length === 1) return { id: matches[0]!.id };
      if (matches.length > 1) return { ambiguous: matches.map((e) => e.full) };
      const byKey = byId.get(typed.trim());
      return byKey ? { id: byKey.id } : null;
    },
  };
}
