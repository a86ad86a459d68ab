import { validationRefusal } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import { fieldMessage, merged } from "../../resource/refuse.ts";

type Row = Record<string, unknown>;

/** Rows never carry the remote API's key back to the browser. */
export const hideAuthKey = (): Row => ({ apiAuthKey: null });

/**
 * Remote submission settings of a flow or an input (002 §5): once a method is chosen the endpoint and the response
 * map are required. The key is never shown, so an edit that sends none keeps the stored one; no method, no key.
 */
export function checkApiSettings(data: Row, current: Row | null, ctx: AuthedContext, resource: string): void {
  if (current && data.apiAuthKey === null) delete data.apiAuthKey;
  if (merged(data, current, "apiMethod") === null) {
    data.apiAuthKey = null;
    return;
  }
  const missing = ["apiEndpoint", "apiResponseMap"].filter((name) => merged(data, current, name) === null);
  if (missing.length) throw validationRefusal(Object.fromEntries(missing.map((name) => [name, fieldMessage(ctx, resource, name)])));
}
