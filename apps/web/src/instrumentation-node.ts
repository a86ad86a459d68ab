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

/**
 * The libraries the server code loads on first use (the queue's client, spreadsheets, PDFs, mail, object storage) are
 * loaded here too, in the background once the server is up: a test process or a worker that never needs one never
 * loads it, and the server has them all loaded soon after it starts, as when they were imported with it, so that a
 * person's first notification, export or report card does not wait for one.
 */
export function preloadLibraries(): void {
  setTimeout(() => {
    const libraries: Promise<unknown>[] = [import("pg-boss"), import("exceljs"), import("pdfkit"), import("jszip"), import("nodemailer")];
    if (env().STORAGE_DRIVER === "s3") libraries.push(import("./server/storage/s3.ts"));
    Promise.all(libraries).catch((error) => console.error("A library failed to load", error));
  }, 0);
}

function refuse(message: string): never {
  console.error(`Pizarra refuses to start: ${message}`);
  process.exit(1);
}
