// The school's own profile (000 §7, 002 §7): its form's schema, its limits and its answers.
export * from "./profile.ts";
export * from "./limits.ts";
export * from "./answers.ts";
export * from "./checklist.ts";
export * from "./brand.ts";
