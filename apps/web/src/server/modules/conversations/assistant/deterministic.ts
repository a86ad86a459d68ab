import { translator } from "../../../i18n.ts";
import { type Decision, handover, withSources } from "./answer.ts";
import { childrenNamed, type Family, type FamilyTools } from "./family.ts";
import { FAQ_COVERAGE, type Lang, searchFaqs } from "./knowledge.ts";
import { questionOf } from "./lexicon.ts";
import type { TenantDb } from "@pizarra/db";

/**
 * The assistant without a model (AI not configured: the demo, the end-to-end tests, a school without a key), once the
 * guards have let the message through: "my child is sick / won't come today" gets today's justification link of each
 * child concerned; anything else is looked up in the FAQs, and the best FAQ that covers enough of the question is the
 * answer. Nothing found: a person.
 */
export async function decideWithoutModel(
  db: TenantDb,
  input: { text: string; absentToday: boolean; lang: Lang; now: Date },
  family: Family,
  tools: FamilyTools,
): Promise<Decision> {
  const { text, lang, now } = input;
  if (input.absentToday) {
    // An unknown number gets no link: a link is bound to a guardian, and a person checks who is writing.
    if (family.children.length === 0) return handover("unanswered", lang);
    const named = childrenNamed(family, text);
    const withRegister = named.length ? named : await tools.withRegisterToday(family.children);
    const children = withRegister.length ? withRegister : family.children;
    const links = await tools.justificationLinks(children);
    const t = translator(lang);
    const lines = (links.data as { child: string; link: string }[]).map((l) => t("assistant.absence.line", { child: l.child, link: l.link }));
    return {
      action: "answer",
      text: withSources([t("assistant.absence.intro"), ...lines].join("\n"), links.sources, lang),
      sources: links.sources,
      sentiment: "neutral",
    };
  }
  const [best] = await searchFaqs(db, lang, questionOf(text), now, 1);
  if (!best || best.coverage < FAQ_COVERAGE) return handover("unanswered", lang);
  const sources = [{ kind: "faq" as const, id: best.id, name: best.name }];
  return { action: "answer", text: withSources(best.text, sources, lang), sources };
}
