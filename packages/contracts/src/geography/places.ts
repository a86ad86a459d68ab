import COUNTRIES from "./countries.json";
import type { TPlace } from "./answers.ts";
import { PERU_DEPARTMENTS, PERU_DISTRICTS, PERU_PROVINCES } from "./peru.ts";

/**
 * The location cascade of admRelatives (002 §4: country, then state, city, district), shipped with the code because
 * the server has no network. Countries: all 249 of ISO 3166-1 by alpha-2 code, named in Spanish and English (CLDR
 * names, written out once with Intl.DisplayNames). Below a country only Peru is known (see peru.ts); any other
 * country has no states, so its form keeps the higher levels only.
 */

type Level = Readonly<Record<string, string>>;
interface Tree {
  states: Level;
  cities: Level;
  districts: Level;
}

/** Codes nest by prefix (ubigeo), so a child belongs to the parent whose code starts it. */
const KNOWN: Readonly<Record<string, Tree>> = { PE: { states: PERU_DEPARTMENTS, cities: PERU_PROVINCES, districts: PERU_DISTRICTS } };

const byName = (a: TPlace, b: TPlace) => a.name.localeCompare(b.name, "es");
const under = (level: Level, parent: string): TPlace[] =>
  Object.entries(level)
    .filter(([id]) => id.startsWith(parent))
    .map(([ID, name]) => ({ ID, name }))
    .sort(byName);

export function countries(locale: "es" | "en"): TPlace[] {
  return COUNTRIES.map((c) => ({ ID: c.ID, name: c[locale] })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

export function isCountry(code: string): boolean {
  return COUNTRIES.some((c) => c.ID === code);
}

/** The tree of a country; without one, the known country that has this state (state codes do not repeat). */
function treeOf(country: string | undefined, state?: string): Tree | undefined {
  if (country) return KNOWN[country];
  return state === undefined ? undefined : Object.values(KNOWN).find((tree) => state in tree.states);
}

export function states(country: string): TPlace[] {
  const tree = KNOWN[country];
  return tree ? under(tree.states, "") : [];
}

/** The states of every country that has them, by country code. */
export function allStates(): Record<string, TPlace[]> {
  return Object.fromEntries(Object.keys(KNOWN).map((country) => [country, states(country)]));
}

/** A state's cities (Peru: a department's provinces). The country may be left out: the state code says it. */
export function cities(country: string | undefined, state: string): TPlace[] {
  const tree = treeOf(country, state);
  return tree && state in tree.states ? under(tree.cities, state) : [];
}

/** A city's districts; the city must lie in the state, and the state in the country when one is given. */
export function districts(country: string | undefined, state: string | undefined, city: string): TPlace[] {
  const tree = treeOf(country, state ?? city.slice(0, 2));
  if (!tree || !(city in tree.cities)) return [];
  if (state !== undefined && !(state in tree.states && city.startsWith(state))) return [];
  return under(tree.districts, city);
}
