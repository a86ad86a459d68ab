export * from "./links.ts";
