// The editor's AI writing assistant (000 §2.8, §7 "AI assist"; 001 §7 and 002 §7 `POST admPublication/AiAssist`).
import { z } from "zod";
import type { ResourceDef } from "../resource/types.ts";

/** 000 §9: the AI tones of the writing assistant. */
export const AI_TONES = ["friendly", "formal", "professional", "important", "critical"] as const;
/** 000 §9: the tones of a communication written with AI. */
export const COMMUNICATION_TONES = ["neutral", "serious", "joyful", "inspiring"] as const;
export type TAiTone = (typeof AI_TONES)[number] | (typeof COMMUNICATION_TONES)[number];

/** 000 §9: how much of the input a written text keeps: 1 short, 2 moderate, 3 extensive. */
export const SUMMARIZE_LEVEL = { short: 1, moderate: 2, extensive: 3 } as const;
export const SUMMARIZE_LEVELS = Object.values(SUMMARIZE_LEVEL);

/** 000 §7 and 002 §5: a written text has 1 to 20 paragraphs. */
export const AI_PARAGRAPHS = { min: 1, max: 20 } as const;

/**
 * The most characters of one text the assistant sends to the model (a seed, a field to translate): a hard cap above
 * any `inputMax` the form asks for, so that one request cannot become an unbounded bill or a call past the timeout.
 */
export const AI_TEXT_MAX = 20_000;
/** The seed's share of the input when the form names none. */
export const AI_INPUT_MAX_DEFAULT = 4000;

/** What "Write with AI" asks for: the seed (notes or a text to rewrite), the tone, the length and how much to keep. */
export const ZAiWriteOptions = z.object({
  seed: z.string().trim().max(AI_TEXT_MAX).default(""),
  tone: z.enum([...AI_TONES, ...COMMUNICATION_TONES]).default("friendly"),
  paragraphs: z.coerce.number<string | number>().int().min(AI_PARAGRAPHS.min).max(AI_PARAGRAPHS.max).default(1),
  summarize: z.coerce
    .number<string | number>()
    .int()
    .refine((level) => (SUMMARIZE_LEVELS as number[]).includes(level))
    .default(SUMMARIZE_LEVEL.moderate),
  inputMax: z.coerce.number<string | number>().int().min(1).max(AI_TEXT_MAX).default(AI_INPUT_MAX_DEFAULT),
});
export type TAiWriteOptions = z.input<typeof ZAiWriteOptions>;

/** `aiAssist` of the request: translate (the field named says from which language) or write the field named. */
export const ZAiAssistOptions = ZAiWriteOptions.extend({
  translate: z.boolean().default(false),
  field: z.string().trim().max(64).default(""),
});
export type TAiAssistOptions = z.output<typeof ZAiAssistOptions>;

/** The fields of a definition's assistant: its pairs' fields, in order. */
export const aiAssistFields = (def: ResourceDef): string[] => (def.aiAssist?.pairs ?? []).flat();

/**
 * The request of a definition's assistant route: the form's text fields that the assistant reads or fills (each with
 * its definition's size), plus `aiAssist`. The form's other values are dropped unread.
 */
export function aiAssistRequest(def: ResourceDef) {
  const shape: Record<string, z.ZodType<string, unknown>> = {};
  for (const name of aiAssistFields(def)) {
    const max = def.fields.find((f) => f.name === name)?.rules?.max;
    shape[name] = z
      .string()
      .max(max ?? AI_TEXT_MAX)
      .nullish()
      .transform((text) => text ?? "");
  }
  return z.object({ ...shape, aiAssist: ZAiAssistOptions.default(ZAiAssistOptions.parse({})) });
}

/**
 * The answer: the texts the assistant wrote, by field (000 §7: a translation fills the other language's fields, a
 * writing the field named). A field it did not write is absent.
 */
export function aiAssistAnswer(def: ResourceDef) {
  return z.object(Object.fromEntries(aiAssistFields(def).map((name) => [name, z.string().optional()]))) as z.ZodType<Partial<Record<string, string>>>;
}
export type TAiAssistAnswer = Partial<Record<string, string>>;
