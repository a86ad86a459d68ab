import { REPLY_MAX, type TConversationSource, type TEscalationReason, type TSentiment } from "@pizarra/contracts";
import { translator } from "../../../i18n.ts";
import type { Lang } from "./knowledge.ts";

/** What the assistant decided about one message of the family (the integrator's job posts it or hands over). */
export type Decision =
  | { action: "answer"; text: string; sources: TConversationSource[]; sentiment?: TSentiment }
  | { action: "handover"; reason: TEscalationReason; text?: string };

/** A hand-over, with what the family is told meanwhile (a person will answer), in its language. */
export const handover = (reason: TEscalationReason, lang: Lang): Decision => ({
  action: "handover",
  reason,
  text: translator(lang)(`assistant.handover.${reason}`),
});

/** Each source once, in the order found. */
export function uniqueSources(sources: TConversationSource[]): TConversationSource[] {
  const seen = new Set<string>();
  return sources.filter((s) => {
    const key = `${s.kind}:${s.id ?? s.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The answer's text with its sources named under it ("Fuente: FAQ «Horario de atención»"), cut to what WhatsApp
 * carries: the body is cut, never the sources line, so that every answer says where it came from.
 */
export function withSources(body: string, sources: TConversationSource[], lang: Lang): string {
  const t = translator(lang);
  const list = uniqueSources(sources)
    .slice(0, 5)
    .map((s) => t("assistant.source", { kind: t(`assistant.sourceKinds.${s.kind}`), name: s.name }))
    .join("; ");
  const footer = list ? `\n\n${t("assistant.sources", { list })}` : "";
  const room = REPLY_MAX - footer.length;
  const text = body.trim();
  return `${text.length > room ? `${text.slice(0, room - 1).trimEnd()}…` : text}${footer}`;
}
