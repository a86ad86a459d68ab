// The academic calls beyond the generic five (001 §7). Their bodies are the definitions' actions (resource/action-bodies.ts).
export * from "./requests.ts";
export * from "./answers.ts";
