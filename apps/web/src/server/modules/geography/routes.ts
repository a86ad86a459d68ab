import { allStates, cities, countries, districts, states, type Place } from "@pizarra/contracts/geo";
import { z } from "zod";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { authedRoute, type Route } from "../../http/route.ts";

const code = (re: RegExp) =>
  z
    .string()
    .trim()
    .regex(re)
    .transform((v) => v.toUpperCase());
const COUNTRY = code(/^[A-Za-z]{2}$/);
const PLACE = code(/^[A-Za-z0-9-]{1,12}$/);
/** The option-list query (000 §7): pick, and a search by name. */
const search = { pick: z.string().max(10).optional(), filterBy: z.string().max(100).optional(), filter: z.string().max(200).optional() };

const ZCountries = z.object(search);
const ZStates = z.object({ ...search, country: COUNTRY });
// The country may be left out below it: a state's code names its country (the cascade sends one parent at a time).
const ZCities = z.object({ ...search, country: COUNTRY.optional(), state: PLACE });
const ZDistricts = z.object({ ...search, country: COUNTRY.optional(), state: PLACE.optional(), city: PLACE });

const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

function answer(places: Place[], filter?: string): Reply {
  const text = folded(filter?.trim() ?? "");
  const Results = text ? places.filter((p) => folded(p.name).includes(text)) : places;
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

type Q<T extends z.ZodType> = AuthedContext & { query: z.infer<T> };

/** The location cascade of admRelatives (002 §4, §7), open to every signed-in user: it only lists places. */
export const GEOGRAPHY_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "general/getcountries",
    auth: "user",
    module: null,
    query: ZCountries,
    handler: async (ctx: Q<typeof ZCountries>) => answer(countries(ctx.locale), ctx.query.filter),
  }),
  authedRoute({
    method: "GET",
    path: "general/getstates",
    auth: "user",
    module: null,
    query: ZStates,
    handler: async (ctx: Q<typeof ZStates>) => answer(states(ctx.query.country), ctx.query.filter),
  }),
  authedRoute({
    method: "GET",
    path: "general/getcities",
    auth: "user",
    module: null,
    query: ZCities,
    handler: async (ctx: Q<typeof ZCities>) => answer(cities(ctx.query.country, ctx.query.state), ctx.query.filter),
  }),
  authedRoute({
    method: "GET",
    path: "general/getdistricts",
    auth: "user",
    module: null,
    query: ZDistricts,
    handler: async (ctx: Q<typeof ZDistricts>) => answer(districts(ctx.query.country, ctx.query.state, ctx.query.city), ctx.query.filter),
  }),
  // The lists a location form starts from, in one call: the countries and the states of those that have them.
  authedRoute({
    method: "GET",
    path: "general/getlists",
    auth: "user",
    module: null,
    handler: async (ctx: AuthedContext) => ({ data: { countries: countries(ctx.locale), states: allStates() } }),
  }),
];
