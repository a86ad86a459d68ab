import type { AsyncLocalStorage } from "node:async_hooks";
import type { DestinationStream, Logger } from "pino";

export const LOG_LEVELS: readonly ["trace", "debug", "info", "warn", "error", "fatal", "silent"];

/** The fields every line of a request or a job carries, as far as they are known. */
export interface LogContext {
  reqId?: string;
  /** The requests a batch of jobs was queued by, when they are several. */
  reqIds?: string[];
  tenantId?: number;
  userId?: number;
  job?: string;
}

export const logContext: AsyncLocalStorage<LogContext>;
export function createLogger(level: string, destination?: DestinationStream): Logger;
