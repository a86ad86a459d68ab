export * from "./subscriptions.ts";
