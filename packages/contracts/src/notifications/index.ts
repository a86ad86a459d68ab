export * from "./status.ts";
export * from "./message-templates.ts";
export * from "./wizard.ts";
