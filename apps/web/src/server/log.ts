import { Prisma } from "@pizarra/db";
import type { Logger } from "pino";
import { env } from "./env.ts";
import { createLogger, type LogContext, logContext } from "./log.mjs";

export { type LogContext, logContext };

let logger: Logger | undefined;

/** The server's logger (log.mjs), at LOG_LEVEL; made on first use, once the environment has been read. */
export function log(): Logger {
  return (logger ??= createLogger(env().LOG_LEVEL));
}

/** The request id of the request (or job) running now, if any: what a job queued now carries to the worker. */
export function currentRequestId(): string | undefined {
  return logContext.getStore()?.reqId;
}

const PRISMA_ERRORS = [Prisma.PrismaClientKnownRequestError, Prisma.PrismaClientUnknownRequestError, Prisma.PrismaClientValidationError];
/**
 * A fault as a log line may show it. Prisma writes the call's arguments (a person's data, a message's text) into its
 * messages, above the reason on their last line: only that line is kept.
 */
export function loggable(fault: unknown): unknown {
  if (!PRISMA_ERRORS.some((type) => fault instanceof type)) return fault;
  const { name, message, code } = fault as Error & { code?: string };
  return {
    type: name,
    code,
    message: message
      .split("\n")
      .filter((line) => line.trim())
      .at(-1),
  };
}
