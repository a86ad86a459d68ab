import { env } from "./server/env.ts";
import { SERVER_MARK } from "./server/net/client-address.ts";

/**
 * Stops the process when the environment is unfit to serve: a missing or published AUTH_SECRET above all. Without
 * this, env() would first be read by a request, after the server had been up and listening. The process exits here
 * itself rather than throwing, so that it cannot depend on what the caller of register() does with an error.
 */
export function checkAtBoot(): void {
  try {
    env();
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  // Only apps/web/server.mjs overwrites the peer header: under `next start` any client could write it and pose as
  // any address, a trusted proxy's included.
  if (env().NODE_ENV === "production" && (globalThis as Record<symbol, unknown>)[SERVER_MARK] !== true) {
    refuse("start it with `node server.mjs` (pnpm start), not `next start`: only server.mjs records the caller's address.");
  }
}

function refuse(message: string): never {
  console.error(`Pizarra refuses to start: ${message}`);
  process.exit(1);
}
