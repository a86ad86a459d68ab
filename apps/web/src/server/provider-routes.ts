import type { Route } from "./http/route.ts";
import { PAYMENT_WEBHOOK_ROUTES } from "./modules/billing/index.ts";
import { WHATSAPP_ROUTES } from "./modules/whatsapp/index.ts";

/**
 * Composition root of the providers' callbacks (Meta's WhatsApp webhook, Stripe's payments webhook): the table of the worker's callback port
 * (WORKER_CALLBACK_PORT), their one way in. The web app's table (routes.ts) has none of them.
 */
export const PROVIDER_ROUTES: Route[] = [...WHATSAPP_ROUTES, ...PAYMENT_WEBHOOK_ROUTES];
