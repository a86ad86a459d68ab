export * from "./envelope.ts";
export * from "./validation.ts";
export * from "./session.ts";
export * from "./modules.ts";
export * from "./module-admin.ts";
export * from "./resource/index.ts";
export * from "./grades.ts";
export * from "./grade-sheet.ts";
