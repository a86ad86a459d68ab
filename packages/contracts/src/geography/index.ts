// The location cascade's calls (002 §4, §7). The places themselves (places.ts, 249 countries and Peru's ubigeo) are
// `@pizarra/contracts/geo`, apart, so that no page that does not list them ships them.
export * from "./requests.ts";
export * from "./answers.ts";
