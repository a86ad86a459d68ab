import { publicRoute, type Route } from "../../http/route.ts";
import { receiveWebhook, verifyWebhook } from "./webhook.ts";

/** Meta's WhatsApp Cloud API webhook: its subscription check (GET) and its signed notifications (POST). */
export const WHATSAPP_ROUTES: Route[] = [
  publicRoute({ method: "GET", path: "whatsapp/webhook", auth: "public", handler: verifyWebhook }),
  publicRoute({ method: "POST", path: "whatsapp/webhook", auth: "public", callback: true, handler: receiveWebhook }),
];
