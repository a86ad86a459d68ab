// The modules of a school: the catalogue every school starts from, and the calls of module management (000 §2.7).
export * from "./catalogue.ts";
export * from "./requests.ts";
export * from "./answers.ts";
