import { remindersLabelKey, ZOrderParams, ZPayLinkAnswer, ZPayLinkParams, ZReminderSettings, ZReminderSettingsAnswer } from "@pizarra/contracts";
import { authedRoute, publicRoute, type Route } from "../../http/route.ts";
import { openPayLink, sendPayLink } from "./pay-link.ts";
import { PAY_LINK_PATH } from "./pay-link-token.ts";
import { getReminderSettings, saveReminderSettings } from "./reminders.ts";

/**
 * What a family is told of what it owes: the school's reminder settings (admBilling's), the pay link staff send from
 * an order (admOrder's, beside request2pay), and the link itself, opened by the family without an account.
 */
export const REMINDER_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "admBilling/reminders",
    auth: "user",
    module: "admBilling",
    answer: ZReminderSettingsAnswer,
    handler: getReminderSettings,
  }),
  authedRoute({
    method: "POST",
    path: "admBilling/reminders",
    auth: "user",
    module: "admBilling",
    body: ZReminderSettings,
    labelKey: remindersLabelKey,
    answer: ZReminderSettingsAnswer,
    handler: saveReminderSettings,
  }),
  authedRoute({
    method: "POST",
    path: "admOrder/sendpaylink/{id}",
    auth: "user",
    module: "admOrder",
    params: ZOrderParams,
    answer: ZPayLinkAnswer,
    handler: sendPayLink,
  }),
  publicRoute({
    method: "GET",
    path: `${PAY_LINK_PATH}/{token}`,
    auth: "public",
    params: ZPayLinkParams,
    labelKey: () => "billing.payLink.link",
    answer: "response",
    handler: openPayLink,
  }),
];
