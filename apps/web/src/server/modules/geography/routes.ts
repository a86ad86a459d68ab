import {
  type TPlace,
  type TPlacesAnswer,
  ZCitiesQuery,
  ZCountriesQuery,
  ZDistrictsQuery,
  ZPlaceListsAnswer,
  ZPlacesAnswer,
  ZStatesQuery,
} from "@pizarra/contracts";
import { allStates, cities, countries, districts, states } from "@pizarra/contracts/geo";
import type { z } from "zod";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { authedRoute, type Route } from "../../http/route.ts";

const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

function answer(places: TPlace[], filter?: string): Reply<TPlacesAnswer> {
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
    query: ZCountriesQuery,
    answer: ZPlacesAnswer,
    handler: async (ctx: Q<typeof ZCountriesQuery>) => answer(countries(ctx.locale), ctx.query.filter),
  }),
  authedRoute({
    method: "GET",
    path: "general/getstates",
    auth: "user",
    module: null,
    query: ZStatesQuery,
    answer: ZPlacesAnswer,
    handler: async (ctx: Q<typeof ZStatesQuery>) => answer(states(ctx.query.country), ctx.query.filter),
  }),
  authedRoute({
    method: "GET",
    path: "general/getcities",
    auth: "user",
    module: null,
    query: ZCitiesQuery,
    answer: ZPlacesAnswer,
    handler: async (ctx: Q<typeof ZCitiesQuery>) => answer(cities(ctx.query.country, ctx.query.state), ctx.query.filter),
  }),
  authedRoute({
    method: "GET",
    path: "general/getdistricts",
    auth: "user",
    module: null,
    query: ZDistrictsQuery,
    answer: ZPlacesAnswer,
    handler: async (ctx: Q<typeof ZDistrictsQuery>) => answer(districts(ctx.query.country, ctx.query.state, ctx.query.city), ctx.query.filter),
  }),
  // The lists a location form starts from, in one call: the countries and the states of those that have them.
  authedRoute({
    method: "GET",
    path: "general/getlists",
    auth: "user",
    module: null,
    answer: ZPlaceListsAnswer,
    handler: async (ctx: AuthedContext) => ({ data: { countries: countries(ctx.locale), states: allStates() } }),
  }),
];
