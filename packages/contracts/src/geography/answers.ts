import { z } from "zod";
import { ZPage } from "../envelope.ts";

/** A place of the location cascade (002 §4): its code (ISO alpha-2 for a country, INEI ubigeo below) and its name. */
export const ZPlace = z.object({ ID: z.string(), name: z.string() });
export type TPlace = z.output<typeof ZPlace>;

/** GET general/getcountries, getstates, getcities and getdistricts: the places as a pick list. */
export const ZPlacesAnswer = ZPage(ZPlace);
export type TPlacesAnswer = z.output<typeof ZPlacesAnswer>;

/** GET general/getlists: the lists a location form starts from, the countries and the states of those that have them. */
export const ZPlaceListsAnswer = z.object({ countries: z.array(ZPlace), states: z.record(z.string(), z.array(ZPlace)) });
export type TPlaceListsAnswer = z.output<typeof ZPlaceListsAnswer>;
