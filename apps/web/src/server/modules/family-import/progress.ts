import type { TEnvelope, TFamilyImportStage } from "@pizarra/contracts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { asAppError } from "../../http/refusal.ts";
import { log } from "../../log.ts";

export type Report = (stage: TFamilyImportStage, done: number, total: number) => void;

/** The media type of a streamed answer, which a caller asks for in its Accept header. */
export const NDJSON = "application/x-ndjson";

/**
 * A long call's answer. To a caller that accepts it, as lines of JSON (application/x-ndjson): `{ progress: { stage,
 * done, total } }` while it works (at most one a percent), then the envelope it answers, refusals included, as the
 * last line; the work does not depend on the caller reading: a closed connection leaves it to finish (or roll back)
 * on its own. To any other caller, the envelope once the work is done, its refusals answered as every call's are.
 */
export async function progressReply(ctx: AuthedContext, work: (report: Report) => Promise<TEnvelope<unknown>>): Promise<Reply<null> & { response: Response }> {
  if (!(ctx.headers.get("accept") ?? "").includes(NDJSON)) return { data: null, response: Response.json(await work(() => {})) };
  const encoder = new TextEncoder();
  let sink: ReadableStreamDefaultController<Uint8Array> | null = null;
  let open = true;
  const send = (value: unknown) => {
    if (!open || !sink) return;
    try {
      sink.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
    } catch {
      open = false;
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      sink = controller;
    },
    cancel() {
      open = false;
    },
  });
  let last = "";
  const report: Report = (stage, done, total) => {
    const step = `${stage}:${total ? Math.floor((done * 100) / total) : 0}`;
    if (step === last) return;
    last = step;
    send({ progress: { stage, done, total } });
  };
  const finish = (envelope: TEnvelope<unknown>) => {
    send(envelope);
    if (open) sink?.close();
    open = false;
  };
  work(report).then(finish, (error: unknown) => {
    const refusal = asAppError(error);
    if (refusal) {
      const data = refusal.data as { msg?: string } | null;
      finish({ status: refusal.status, msg: refusal.messageKey ? ctx.t(refusal.messageKey, refusal.values) : (data?.msg ?? ""), data: refusal.data });
      return;
    }
    log().error({ err: error }, "family import failed");
    finish({ status: -500, msg: ctx.t("api.internal"), data: null });
  });
  return {
    data: null,
    response: new Response(stream, {
      headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
    }),
  };
}
