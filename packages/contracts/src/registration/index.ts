// Self-registration of a school (002 §2 "Login and registration", §3 "Registration", §7 company/setup).
export * from "./requests.ts";
