import { handle } from "./handle.ts";
import type { Method } from "./route.ts";
import { Router } from "./router.ts";

const API = "/api/";

/**
 * The callback lane. Meta calls the WhatsApp webhook three times for every message sent (sent, delivered, read): a
 * notification to 2,000 families brings 6,000 calls within a minute. Next's request pipeline costs the web app about
 * 3 ms of processor a call, the handler itself 0.35 ms (bench machine), so while a send ran those calls took most of
 * the web app's one thread and the teachers waited (the grade sheet's p95 at 10 clients: 0.34 s before a send, 3.1 s
 * during it). apps/web/server.mjs therefore hands the routes marked `callback` to the route table itself, through
 * what the API route module offers here: the same `handle` and route table as Next's route handler, in the same
 * module instances, so the same signature check, limits and answers. Every other call, the adm* API included, goes
 * through Next; until Next has loaded the API route module (on the first API call after boot) so does a callback.
 */
export const CALLBACK_LANE = Symbol.for("pizarra.callbackLane");

export interface CallbackLane {
  /** The route-table path (`whatsapp/webhook`) of a request's method and URL path when a callback route answers it, or null. */
  pathOf(method: string, pathname: string): string | null;
  serve(req: Request, path: string): Promise<Response>;
}

export function offerCallbackLane(router: Router): void {
  const callbacks = new Router(router.routes.filter((route) => route.auth === "public" && route.callback));
  const lane: CallbackLane = {
    pathOf(method, pathname) {
      if (!pathname.startsWith(API)) return null;
      const path = pathname.slice(API.length);
      const match = callbacks.match(method as Method, path);
      return match && match !== "method" ? path : null;
    },
    serve: (req, path) => handle(router, req, path),
  };
  (globalThis as Record<symbol, unknown>)[CALLBACK_LANE] = lane;
}
