import {
  conversationLabelKey,
  ZConversationActionAnswer,
  ZConversationAssign,
  ZConversationDashboard,
  ZConversationDashboardQuery,
  ZConversationDetail,
  ZConversationLink,
  ZConversationListAnswer,
  ZConversationListQuery,
  ZConversationMessagesAnswer,
  ZConversationParams,
  ZConversationReply,
  ZConversationReplyAnswer,
  ZConversationTranslate,
  ZConversationTranslateAnswer,
  ZReplyTemplatesAnswer,
} from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { assignConversation, closeConversation, linkConversation, reopenConversation, takeOver } from "./actions.ts";
import { conversationDashboard } from "./dashboard.ts";
import { getConversation, listConversations, listMessages } from "./read.ts";
import { listReplyTemplates, replyToConversation } from "./reply.ts";
import { translateReply } from "./translate.ts";

const MODULE = "admConversations";
const labelKey = conversationLabelKey;

/**
 * The conversations inbox (002 §2, §4, §7): the spec's list, detail, messages, reply and dashboard, and the actions
 * its screen needs beyond them (ours: take over, close, reopen, assign, link to a guardian, the reply's templates).
 * Read for GET, write otherwise, on admConversations; which conversations a person sees is visibility.ts's.
 */
export const CONVERSATION_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "admConversations/get",
    auth: "user",
    module: MODULE,
    query: ZConversationListQuery,
    labelKey,
    answer: ZConversationListAnswer,
    handler: listConversations,
  }),
  authedRoute({
    method: "GET",
    path: "admConversations/dashboard",
    auth: "user",
    module: MODULE,
    query: ZConversationDashboardQuery,
    labelKey,
    answer: ZConversationDashboard,
    handler: conversationDashboard,
  }),
  authedRoute({
    method: "GET",
    path: "admConversations/get/{id}",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,
    answer: ZConversationDetail,
    handler: getConversation,
  }),
  authedRoute({
    method: "GET",
    path: "admConversations/{id}/messages",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,
    answer: ZConversationMessagesAnswer,
    handler: listMessages,
  }),
  authedRoute({
    method: "POST",
    path: "admConversations/{id}/messages",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,
    body: ZConversationReply,
    labelKey,
    maxBytes: 64 * 1024,
    answer: ZConversationReplyAnswer,
    handler: replyToConversation,
  }),
  authedRoute({
    method: "GET",
    path: "admConversations/{id}/templates",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,
    answer: ZReplyTemplatesAnswer,
    handler: listReplyTemplates,
  }),
  authedRoute({
    method: "POST",
    path: "admConversations/{id}/takeover",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,

    answer: ZConversationActionAnswer,
    handler: takeOver,
  }),
  authedRoute({
    method: "POST",
    path: "admConversations/{id}/close",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,

    answer: ZConversationActionAnswer,
    handler: closeConversation,
  }),
  authedRoute({
    method: "POST",
    path: "admConversations/{id}/reopen",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,

    answer: ZConversationActionAnswer,
    handler: reopenConversation,
  }),
  authedRoute({
    method: "POST",
    path: "admConversations/{id}/assign",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,
    body: ZConversationAssign,
    labelKey,
    answer: ZConversationActionAnswer,
    handler: assignConversation,
  }),
  authedRoute({
    method: "POST",
    path: "admConversations/{id}/link",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,
    body: ZConversationLink,
    labelKey,
    answer: ZConversationActionAnswer,
    handler: linkConversation,
  }),
  authedRoute({
    method: "POST",
    path: "admConversations/{id}/translate",
    auth: "user",
    module: MODULE,
    params: ZConversationParams,
    body: ZConversationTranslate,
    labelKey,
    maxBytes: 64 * 1024,
    answer: ZConversationTranslateAnswer,
    handler: translateReply,
  }),
];
