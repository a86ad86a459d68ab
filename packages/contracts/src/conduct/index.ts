/** Conduct's contracts: the requests and answers of the behaviour area's own calls. */
export * from "./calls.ts";
