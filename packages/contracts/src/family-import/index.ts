export * from "./family-import.ts";
