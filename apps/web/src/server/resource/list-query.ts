import type { FieldDef } from "@pizarra/contracts";
import type { SessionUser } from "../http/context.ts";
import type { ResourceServer, Row } from "./resource-server.ts";
import { containsText, personTextContains, searchWords, wordStartText } from "./search-text.ts";
import { toDb } from "./values.ts";

/**
 * How a resource's list query (`listQuerySchema(def)`) picks its rows: the resource's scope, the sub-grid's parent,
 * the definition's filters and the typed text, searched the resource's way (plain, by label, or people).
 */
export function queryOf(server: ResourceServer) {
  const { def } = server;
  const fieldByName = new Map<string, FieldDef>(def.fields.map((f) => [f.name, f]));
  const filterNames = new Set((def.filters ?? []).map((f) => f.name));
  const scoped = (w: Row): Row => (server.scope ? { AND: [server.scope.where, w] } : w);

  function where(query: Row, user: SessionUser): Row {
    const and: Row[] = [];
    const parentId = query.parentId;
    if (def.parent && parentId !== undefined && !filterNames.has("parentId")) {
      and.push({ [def.parent.field]: toDb(fieldByName.get(def.parent.field) ?? { name: "", type: "number" }, parentId) });
    }
    for (const name of filterNames) {
      const value = query[name];
      if (value === undefined || value === null || value === "") continue;
      const custom = server.filterWhere?.[name];
      and.push(custom ? custom(value, user) : { [name]: toDb(fieldByName.get(name) ?? def.filters!.find((f) => f.name === name)!, value) });
    }
    const text = typedText(query);
    const named = typeof query.filterBy === "string" ? server.filterByWhere?.[query.filterBy] : undefined;
    if (text && named) and.push(named(text));
    else if (text && def.search?.length) {
      const asked = typeof query.filterBy === "string" ? query.filterBy.split(",") : [];
      const chosen = def.search.filter((f) => asked.length === 0 || asked.includes(f) || asked.includes("name"));
      const fields = chosen.length ? chosen : def.search;
      const people = peopleSearched(query);
      const plain = people ? fields.filter((f) => !people.covers.includes(f)) : fields;
      const words = people ? searchWords(text) : server.labelSearch ? text.split(/\s+/) : [text];
      for (const word of words) {
        const or: Row[] = (server.labelSearch ? wordStartText(word) : [containsText(word)]).flatMap((contains) =>
          plain.map((f) => {
            const custom = server.searchWhere?.[f];
            if (custom) return custom(contains, word);
            if (f !== "ID") return { [f]: contains };
            if (def.keyType === "string") return { id: contains };
            return { id: /^\d+$/.test(word) ? Number(word) : -1 };
          }),
        );
        if (people) or.push(through(people, personTextContains(word)));
        // Columns found through one condition (a directory's two guardians and their e-mails) ask it once.
        and.push({ OR: [...new Map(or.map((c) => [JSON.stringify(c), c])).values()] });
      }
    }
    return scoped(and.length ? { AND: and } : {});
  }

  const typedText = (query: Row) => (typeof query.filter === "string" ? query.filter.trim() : "");
  /** The resource's people search, when this query's text is one (not a named filter, nor a search of other fields only). */
  function peopleSearched(query: Row) {
    const people = server.personSearch;
    if (!people || !typedText(query) || (typeof query.filterBy === "string" && server.filterByWhere?.[query.filterBy])) return null;
    const asked = typeof query.filterBy === "string" ? query.filterBy.split(",") : [];
    return asked.length === 0 || asked.includes("name") || asked.some((f) => people.covers.includes(f)) ? people : null;
  }
  const through = (people: { through?: string }, condition: Row): Row => (people.through ? { [people.through]: condition } : condition);

  return { fieldByName, filterNames, scoped, where, typedText, peopleSearched };
}
