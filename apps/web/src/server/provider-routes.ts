import type { Route } from "./http/route.ts";
import { WHATSAPP_ROUTES } from "./modules/whatsapp/index.ts";

/**
 * The routes outside providers call (Meta's WhatsApp webhook): part of the full route table, and on their own the
 * table of the worker's callback server (WORKER_CALLBACK_PORT), which so loads none of the rest of the API.
 */
export const PROVIDER_ROUTES: Route[] = [...WHATSAPP_ROUTES];
