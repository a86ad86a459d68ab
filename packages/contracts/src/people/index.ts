export * from "./unsubscribe.ts";
