// The contact-support side modal's call (000 §7, 002 §7).
export * from "./contact-us.ts";
export * from "./answers.ts";
