import { REPLY_MAX } from "@pizarra/contracts";
import { ai } from "../../channels/ai.ts";
import { fitText, translateText } from "../../channels/ai-text.ts";
import { fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { withProvider } from "../ai-assist/index.ts";
import { visibleConversation } from "./visibility.ts";

/**
 * POST admConversations/{id}/translate: a reply staff wrote, put into the family's language (the guardian's, kept on
 * the conversation) before they send it; what is sent is what they then send. Without a model configured, said so.
 */
export async function translateReply(
  ctx: AuthedContext & { params: { id: number }; body: { msg: string } },
): Promise<Reply<{ text: string; locale: "es" | "en" }>> {
  const conversation = await visibleConversation(ctx, ctx.params.id, { locale: true });
  if (!ai.configured()) throw fieldRefusal("msg", ctx.t("ai.notConfigured"));
  const locale = conversation.locale === "en" ? "en" : "es";
  const text = await withProvider(() => translateText(ctx.body.msg, locale));
  return { data: { text: fitText(text, REPLY_MAX), locale } };
}
