// Signing in and out, the schools of a person and the menu (000 §7), and what the browser keeps between visits.
export * from "./requests.ts";
export * from "./answers.ts";
export * from "./preferences.ts";
