export * from "./status.ts";
export * from "./swap-order.ts";
