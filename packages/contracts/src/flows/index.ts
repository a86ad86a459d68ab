export * from "./status.ts";
