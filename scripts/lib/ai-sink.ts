import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback stand-in for an OpenAI-compatible chat-completions API, for tests and the demo: it takes
 * `POST /v1/chat/completions` (and `/chat/completions`) with a Bearer key, answers in the real response's shape (id,
 * object "chat.completion", choices[0].message with content and tool_calls, finish_reason, usage) or with OpenAI's
 * error JSON, and keeps every request it got, so that a test can say what the product sent. What it answers is
 * scripted per call: a queue of behaviours taken in order, else a handler, else an echo.
 */
export interface AiSinkOptions {
  /** 0 takes a free port. */
  port?: number;
  /** The key the product must send as `Authorization: Bearer …`; null takes any (or none). */
  apiKey?: string | null;
}

/** A tool call the sink answers with: the arguments as an object (sent as JSON text, as OpenAI does) or text. */
export interface SinkToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
  id?: string;
}

/** What one call gets. `delayMs` waits first (a slow provider); the rest say what comes after. */
export type AiBehaviour =
  | { text: string; delayMs?: number }
  | { toolCalls: SinkToolCall[]; text?: string; delayMs?: number }
  | { status: number; message?: string; delayMs?: number }
  | { malformed: true; delayMs?: number }
  | { noChoices: true; delayMs?: number };

/** A request as the sink took it. */
export interface AiRequest {
  path: string;
  authorization: string | null;
  model: string;
  messages: { role: string; content: unknown; tool_calls?: unknown; tool_call_id?: string }[];
  tools: unknown[];
  body: Record<string, unknown>;
  /** The text of every message's content, joined: what a test searches for what the product sent. */
  text: string;
}

export interface AiSink {
  /** The base URL to configure as AI_BASE_URL (…/v1, as OpenAI's). */
  url: string;
  port: number;
  /** Queues behaviours for the next calls, in order; each is used once. */
  enqueue(...behaviours: AiBehaviour[]): void;
  /** Answers every call the queue does not, from the request; unset, the sink echoes the last user message. */
  handle(handler: ((request: AiRequest) => AiBehaviour) | null): void;
  /** Every request taken, oldest first. */
  requests(): AiRequest[];
  /** Forgets the queue, the handler and the requests. */
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const contentText = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((part) => (typeof part === "object" && part && "text" in part ? String((part as Json).text) : "")).join("")
      : "";

/** OpenAI's error answer: `{ error: { message, type, param, code } }`. */
const errorBody = (status: number, message: string): Json => ({
  error: { message, type: status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error", param: null, code: null },
});

function completion(model: string, behaviour: { text?: string; toolCalls?: SinkToolCall[] }, request: AiRequest): Json {
  const toolCalls = (behaviour.toolCalls ?? []).map((call) => ({
    id: call.id ?? `call_${randomBytes(12).toString("hex")}`,
    type: "function",
    function: { name: call.name, arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments) },
  }));
  const content = behaviour.text ?? null;
  const promptTokens = Math.ceil(request.text.length / 4);
  const completionTokens = Math.ceil((content ?? "").length / 4) + toolCalls.length * 10;
  return {
    id: `chatcmpl-${randomBytes(12).toString("hex")}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
        logprobs: null,
        finish_reason: toolCalls.length ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}

/** The echo: the last user message, as a model that only repeats would answer. */
function echo(request: AiRequest): AiBehaviour {
  const last = request.messages.filter((m) => m.role === "user").at(-1);
  return { text: contentText(last?.content) || "…" };
}

export async function startAiSink(options: AiSinkOptions = {}): Promise<AiSink> {
  const apiKey = options.apiKey === undefined ? "sink-key" : options.apiKey;
  const queue: AiBehaviour[] = [];
  let handler: ((request: AiRequest) => AiBehaviour) | null = null;
  let taken: AiRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: http.ServerResponse, status: number, body: string, type = "application/json") => {
    if (res.destroyed) return;
    res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
    res.end(body);
  };
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const path = (req.url ?? "").split("?")[0]!;
        if (req.method !== "POST" || !/^\/(v1\/)?chat\/completions$/.test(path)) {
          send(res, 404, JSON.stringify(errorBody(404, `Unknown request URL: ${req.method} ${path}`)));
          return;
        }
        const authorization = req.headers.authorization ?? null;
        if (apiKey !== null && authorization !== `Bearer ${apiKey}`) {
          send(res, 401, JSON.stringify(errorBody(401, "Incorrect API key provided.")));
          return;
        }
        let body: Json;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json;
        } catch {
          send(res, 400, JSON.stringify(errorBody(400, "We could not parse the JSON body of your request.")));
          return;
        }
        const messages = Array.isArray(body.messages) ? (body.messages as AiRequest["messages"]) : [];
        if (typeof body.model !== "string" || !body.model || messages.length === 0) {
          send(res, 400, JSON.stringify(errorBody(400, "model and messages are required.")));
          return;
        }
        const request: AiRequest = {
          path,
          authorization,
          model: body.model,
          messages,
          tools: Array.isArray(body.tools) ? body.tools : [],
          body,
          text: messages.map((m) => contentText(m.content)).join("\n"),
        };
        taken.push(request);
        const behaviour = queue.shift() ?? handler?.(request) ?? echo(request);
        if (behaviour.delayMs) await wait(behaviour.delayMs);
        if ("status" in behaviour) send(res, behaviour.status, JSON.stringify(errorBody(behaviour.status, behaviour.message ?? "The server had an error.")));
        else if ("malformed" in behaviour) send(res, 200, '{"id": "chatcmpl-broken", "choices": [{"message": {"content": "cut off');
        else if ("noChoices" in behaviour) send(res, 200, JSON.stringify({ id: "chatcmpl-empty", object: "chat.completion", model: body.model, choices: [] }));
        else send(res, 200, JSON.stringify(completion(body.model, behaviour, request)));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    enqueue: (...behaviours) => void queue.push(...behaviours),
    handle: (next) => {
      handler = next;
    },
    requests: () => [...taken],
    reset: () => {
      queue.length = 0;
      handler = null;
      taken = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
