// Plain JavaScript, so that apps/web/server.mjs (which cannot import TypeScript) logs as the rest of the server does.
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

/** The levels LOG_LEVEL takes, quietest last: `silent` writes nothing. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];

/**
 * What a log line may never carry, wherever it sits in the object logged (one level down at most, as handlers log
 * `{ user: … }`): secrets that sign in or sign, and what a family or a school wrote. The code logs none of them, so
 * this is the second line of defence.
 */
const SECRETS = ["password", "pass", "token", "pin", "secret", "authorization", "cookie", "body", "text", "html", "rawBody"];
const REDACT = [
  ...SECRETS,
  ...SECRETS.map((key) => `*.${key}`),
  'headers["x-hub-signature-256"]',
  "*.headers.authorization",
  "*.headers.cookie",
  'req.headers["x-hub-signature-256"]',
];

const CONTEXT = Symbol.for("pizarra.log.context");
/**
 * The request (or job) a line belongs to: reqId, and tenantId and userId once the caller is known. One store for the
 * process, kept on globalThis: Next bundles the route handlers and instrumentation apart, each with its own copy of
 * this module, and a line must find the request whichever copy wrote it.
 */
export const logContext = (globalThis[CONTEXT] ??= new AsyncLocalStorage());

/**
 * A JSON-lines logger at `level`, on standard output unless given another destination; every line carries the fields
 * of the request or job it runs in. Lines are written as they are logged (synchronously): in order, and none lost when
 * the process exits or crashes right after (an asynchronous stream wrote a stopping server's last lines out of order).
 */
export function createLogger(level, destination = pino.destination({ dest: 1, sync: true })) {
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${level}")`);
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: "[redacted]" },
      mixin: () => logContext.getStore() ?? {},
    },
    destination,
  );
}
