import { z } from "zod";

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

/** GET general/getcountries. */
export const ZCountriesQuery = z.object(search);
/** GET general/getstates: a country's states. */
export const ZStatesQuery = z.object({ ...search, country: COUNTRY });
/** GET general/getcities. The country may be left out below it: a state's code names its country (the cascade sends one parent at a time). */
export const ZCitiesQuery = z.object({ ...search, country: COUNTRY.optional(), state: PLACE });
/** GET general/getdistricts. */
export const ZDistrictsQuery = z.object({ ...search, country: COUNTRY.optional(), state: PLACE.optional(), city: PLACE });
