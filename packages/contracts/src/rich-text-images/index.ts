// The rich-text editor's images (000 §7).
export * from "./requests.ts";
export * from "./answers.ts";
