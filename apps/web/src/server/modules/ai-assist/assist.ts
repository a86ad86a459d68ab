import { AI_TEXT_MAX, type AiAssistDef, type ResourceDef, type TAiAssistAnswer, type TAiAssistOptions } from "@pizarra/contracts";
import { ai, AiFailure } from "../../channels/ai.ts";
import { fitText, translateText, writeText, type TextLocale } from "../../channels/ai-text.ts";
import { escapeHtml } from "../../channels/mail.ts";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { log } from "../../log.ts";
import { sanitizeRichText } from "../../resource/rich-text.ts";

/** The request as aiAssistRequest reads it: the assistant's options, and the form's texts by field. */
export type AssistBody = { aiAssist: TAiAssistOptions } & { [field: string]: string | TAiAssistOptions };

/** Labels of the request's fields in refusals: the form's own fields by the definition's labels, aiAssist's by ours. */
export const assistLabel = (def: ResourceDef) => {
  const own = new Set((def.aiAssist?.pairs ?? []).flat());
  return (field: string) => (own.has(field) ? `resources.${def.id}.fields.${field}` : `ai.fields.${field}`);
};

/** The side of the pairs a field is on: 0 Spanish, 1 English; null when it is none of the assistant's. */
function sideOf(assist: AiAssistDef, field: string): 0 | 1 | null {
  if (assist.pairs.some(([es]) => es === field)) return 0;
  if (assist.pairs.some(([, en]) => en === field)) return 1;
  return null;
}

const LOCALES: readonly [TextLocale, TextLocale] = ["es", "en"];

/**
 * What a field holds as it is stored: rich text sanitised as every editor field is before it is saved (a model's HTML
 * is no more trusted than a person's), plain text cut to the field's size at a word.
 */
function asStored(def: ResourceDef, field: string, text: string): string {
  const spec = def.fields.find((f) => f.name === field);
  if (spec?.type === "editor") return sanitizeRichText(text);
  return spec?.rules?.max ? fitText(text, spec.rules.max) : text;
}

/** Plain paragraphs (separated by blank lines) as the rich text of an editor field. */
const paragraphsHtml = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");

/** The provider's failure as a refusal the person can act on (try again), never a 500; the reason goes to the log. */
export async function withProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AiFailure)) throw error;
    log().error({ reason: error.reason }, "the AI provider failed");
    throw error.reason === "timeout" ? new AppError(-504, "ai.timeout", 504) : new AppError(-502, "ai.failed", 502);
  }
}

/**
 * 000 §7 "AI assist", 001 §7 and 002 §7 `POST admPublication/AiAssist`: with `translate`, the texts on the side of the
 * field named (Spanish by default) are translated into the other side's fields; otherwise the field named is written
 * from the seed (or, without one, from the title on its side) in the tone, paragraphs and summarize level asked. The
 * answer maps fields to texts; nothing is stored (the person saves the form).
 */
export async function assist(def: ResourceDef, ctx: AuthedContext, body: AssistBody): Promise<Reply<TAiAssistAnswer>> {
  const assistDef = def.aiAssist!;
  const { aiAssist: options, ...texts } = body;
  const values = texts as Record<string, string>;
  const [titleEs, titleEn] = assistDef.pairs[0]!;
  const field = options.field || (options.translate ? titleEs : "");
  const side = sideOf(assistDef, field);
  if (field && side === null) throw fieldRefusal("field", ctx.t("ai.unknownField"));
  // Refused like a channel that is not configured (delivery/ledger.ts channelReady): a 422 naming the assistant.
  if (!ai.configured()) throw fieldRefusal("aiAssist", ctx.t("ai.notConfigured"));

  if (options.translate) {
    const from = side ?? 0;
    const title = from === 0 ? titleEs : titleEn;
    if (!values[title]?.trim()) throw fieldRefusal(title, ctx.t("ai.translateRequired"));
    const sources = assistDef.pairs.map((pair) => [pair[from], pair[1 - from]!] as const).filter(([source]) => values[source]?.trim());
    for (const [source] of sources) {
      if (values[source]!.length > AI_TEXT_MAX) throw fieldRefusal(source, ctx.t("ai.tooLong", { max: AI_TEXT_MAX }));
    }
    const to = LOCALES[1 - from]!;
    const done = await withProvider(() =>
      Promise.all(
        sources.map(async ([source, target]) => {
          const html = def.fields.find((f) => f.name === source)?.type === "editor";
          return [target, asStored(def, target, await translateText(values[source]!, to, { html }))] as const;
        }),
      ),
    );
    return { data: Object.fromEntries(done), msgKey: "ai.translated" };
  }

  if (!field || !assistDef.write.includes(field)) throw fieldRefusal("field", ctx.t("ai.writeRequired"));
  const seed = options.seed || values[side === 1 ? titleEn : titleEs]?.trim() || "";
  if (!seed) throw fieldRefusal("seed", ctx.t("ai.writeRequired"));
  const spec = def.fields.find((f) => f.name === field);
  const editor = spec?.type === "editor";
  const written = await withProvider(() =>
    writeText({
      seed,
      tone: options.tone,
      paragraphs: options.paragraphs,
      summarize: options.summarize,
      inputMax: options.inputMax,
      locale: LOCALES[side ?? 0]!,
      maxChars: editor ? undefined : spec?.rules?.max,
    }),
  );
  return { data: { [field]: asStored(def, field, editor ? paragraphsHtml(written) : written) }, msgKey: "ai.written" };
}
