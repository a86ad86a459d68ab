export * from "./status.ts";
export * from "./message-templates.ts";
export * from "./wizard.ts";
export * from "./delivery.ts";
export * from "./schedule.ts";
export * from "./objects.ts";
export * from "./calendar.ts";
