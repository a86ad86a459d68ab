export * from "./mail.ts";
