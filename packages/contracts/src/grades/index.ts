/** The grades domain's contracts: the grading scale, the sheet's layout and filters, and its calls' requests and answers. */
export * from "./scale.ts";
export * from "./sheet.ts";
export * from "./filters.ts";
export * from "./entry.ts";
export * from "./concepts.ts";
export * from "./students.ts";
export * from "./finals.ts";
export * from "./import.ts";
export * from "./report-cards.ts";
