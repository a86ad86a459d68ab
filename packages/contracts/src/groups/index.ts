// The group calls beyond the generic five: types, members' imports and a group's members.
export * from "./requests.ts";
export * from "./answers.ts";
