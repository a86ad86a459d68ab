/** The session domain's one door: what the composition roots and other domains may import from it. */
export { SESSION_ROUTES } from "./routes.ts";
export { SESSION_JOBS } from "./jobs.ts";
export { loginAnswer } from "./login-answer.ts";
export { PIN_MAX_TRIES, PIN_RESEND_SECONDS, PIN_VALID_SECONDS, type PinRefusal, usePin } from "./pin.ts";
export { pinPhoneOf } from "./pin-request.ts";
export { type RateRule, takeRates } from "./rate-window.ts";
