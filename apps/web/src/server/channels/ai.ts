import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type { ChatCompletionFunctionTool, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import { env } from "../env.ts";

/** A message of the conversation sent to the model, in the OpenAI chat shape (system, user, assistant, tool). */
export type AiMessage = ChatCompletionMessageParam;
/** A function the model may ask to call, in the OpenAI chat shape. */
export type AiTool = ChatCompletionFunctionTool;

export interface AiToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: JSON text, to be parsed (and checked) by the caller. */
  arguments: string;
}

export interface AiChatRequest {
  messages: AiMessage[];
  tools?: AiTool[];
  /** Asks for a JSON object as the answer (response_format json_object); the prompt must say "JSON" too. */
  json?: boolean;
  maxTokens?: number;
  /** Shorter than AI_TIMEOUT_MS where the caller has less time; never longer. */
  timeoutMs?: number;
}

export interface AiAnswer {
  text: string | null;
  toolCalls: AiToolCall[];
}

/**
 * Why a call to the model failed, in a few words for logs and callers (`timeout`, `http 500`, `malformed`,
 * `unreachable`, `no choices`, `not configured`): every failure is this one error, so that a caller has one thing to
 * catch before it hands over (to a person, or to a message saying the assistant could not answer).
 */
export class AiFailure extends Error {
  override name = "AiFailure";
  constructor(readonly reason: string) {
    super(`AI provider: ${reason}`);
  }
}

/**
 * The part of a chat completion read here. Checked rather than trusted: a server that only looks like OpenAI's may
 * answer 200 with something else, and that is a failure like any other, not a crash further on.
 */
const ZCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(z.object({ id: z.string(), type: z.string().optional(), function: z.object({ name: z.string(), arguments: z.string() }).optional() }))
            .nullish(),
        }),
      }),
    )
    .optional(),
});

let cached: { key: string; client: OpenAI } | undefined;

/** One client per configuration (the tests change it between calls); the SDK keeps its connections. */
function client(): OpenAI {
  const { AI_BASE_URL, AI_API_KEY, AI_TIMEOUT_MS } = env();
  const key = `${AI_BASE_URL}\n${AI_API_KEY ?? ""}\n${AI_TIMEOUT_MS}`;
  if (cached?.key === key) return cached.client;
  const created = new OpenAI({
    baseURL: AI_BASE_URL,
    // The SDK insists on a key; a server that needs none ignores the one sent.
    apiKey: AI_API_KEY ?? "none",
    // Nothing is read from OPENAI_* variables behind env.ts's back.
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: AI_TIMEOUT_MS,
    // No retry: every caller has a person or a queue waiting, and a retry would double the wait past the timeout it
    // was promised. The editor's assistant lets the person try again; the assistant's job hands over.
    maxRetries: 0,
  });
  cached = { key, client: created };
  return created;
}

/** A failure of the SDK's (or of the answer's shape) as one AiFailure. */
function failureOf(error: unknown, timedOut: boolean): AiFailure {
  if (error instanceof AiFailure) return error;
  if (timedOut || error instanceof APIConnectionTimeoutError) return new AiFailure("timeout");
  if (error instanceof APIUserAbortError) return new AiFailure("aborted");
  if (error instanceof APIConnectionError) return new AiFailure("unreachable");
  if (error instanceof APIError && typeof error.status === "number") return new AiFailure(`http ${error.status}`);
  // JSON.parse's SyntaxError on a broken body, or the SDK's own on an unexpected one.
  return new AiFailure("malformed");
}

/**
 * The AI provider: any OpenAI-compatible chat-completions API (OpenAI, a local server, the loopback stand-in of the
 * tests), through the maintained `openai` package. Off unless AI_BASE_URL and AI_MODEL are set. No streaming: every
 * caller needs the whole answer before it can use it.
 */
export const ai = {
  configured: (): boolean => Boolean(env().AI_BASE_URL && env().AI_MODEL),

  async chat({ messages, tools, json, maxTokens, timeoutMs }: AiChatRequest): Promise<AiAnswer> {
    const { AI_MODEL, AI_TIMEOUT_MS } = env();
    if (!ai.configured() || !AI_MODEL) throw new AiFailure("not configured");
    const limit = Math.min(timeoutMs ?? AI_TIMEOUT_MS, AI_TIMEOUT_MS);
    // The SDK's timeout stops waiting for the answer's headers; this one also bounds reading its body.
    const deadline = AbortSignal.timeout(limit);
    let raw: unknown;
    try {
      raw = await client().chat.completions.create(
        {
          model: AI_MODEL,
          messages,
          ...(tools?.length ? { tools } : {}),
          ...(json ? { response_format: { type: "json_object" as const } } : {}),
          ...(maxTokens ? { max_tokens: maxTokens } : {}),
        },
        { timeout: limit, signal: deadline },
      );
    } catch (error) {
      throw failureOf(error, deadline.aborted);
    }
    const parsed = ZCompletion.safeParse(raw);
    if (!parsed.success) throw new AiFailure("malformed");
    const choice = parsed.data.choices?.[0];
    if (!choice) throw new AiFailure("no choices");
    const toolCalls = (choice.message.tool_calls ?? []).flatMap((call) =>
      call.function ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }] : [],
    );
    const text = choice.message.content?.trim() || null;
    if (text === null && toolCalls.length === 0) throw new AiFailure("empty");
    return { text, toolCalls };
  },
};
