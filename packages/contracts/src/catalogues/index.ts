// The catalogue calls beyond the generic five: the catalogue types and the message templates' meta.
export * from "./answers.ts";
