import { publicRoute, type Route } from "../../http/route.ts";
import { receiveWebhook, verifyWebhook } from "./webhook-route.ts";

/**
 * Meta's WhatsApp Cloud API webhook: its subscription check (GET) and its signed notifications (POST). Both are
 * callbacks: one URL answers both, wherever the lane serves it (callback-lane.ts).
 */
export const WHATSAPP_ROUTES: Route[] = [
  publicRoute({ method: "GET", path: "whatsapp/webhook", auth: "public", callback: true, handler: verifyWebhook }),
  publicRoute({ method: "POST", path: "whatsapp/webhook", auth: "public", callback: true, handler: receiveWebhook }),
];
