/** Attendance's contracts: its vocabulary, and the requests and answers of its registers, justifications and link. */
export * from "./vocabulary.ts";
export { ZDay } from "./fields.ts";
export * from "./registers.ts";
export * from "./justifications.ts";
export * from "./justify-link.ts";
