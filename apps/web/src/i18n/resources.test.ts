import { PRESENTATIONAL_TYPES, RESOURCES, resourceDef } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";

type Tree = Record<string, unknown>;
const lookup = (tree: Tree, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

/** Every text a resource's screen shows: its title, field and column labels, group titles and option labels. */
function keysOf(id: string): string[] {
  const def = resourceDef(id)!;
  const actions = def.extraActions ?? [];
  const fields = [...def.fields, ...(def.filters ?? []), ...actions.flatMap((a) => a.fields ?? [])].filter((f) => !PRESENTATIONAL_TYPES.has(f.type));
  return [
    `resources.${id}.title`,
    ...fields.map((f) => `resources.${id}.fields.${f.name}`),
    ...def.columns.map((c) => `resources.${id}.fields.${c.field}`),
    ...(def.layout?.groups ?? []).map((g) => `resources.${id}.groups.${g}`),
    ...actions.flatMap((a) => [`resources.${id}.actions.${a.name}`, `resources.${id}.actions.${a.name}Hint`]),
    ...fields.flatMap((f) => (f.options?.kind === "values" ? f.options.values.map((v) => `resources.${id}.options.${f.name}.${v}`) : [])),
  ];
}

describe("resource labels", () => {
  it.each(Object.keys(RESOURCES))("%s has every label in English and Spanish", (id) => {
    const missing = keysOf(id).flatMap((key) => [
      ...(typeof lookup(en, key) === "string" ? [] : [`en ${key}`]),
      ...(typeof lookup(es, key) === "string" ? [] : [`es ${key}`]),
    ]);
    expect(missing).toEqual([]);
  });
});
