import { validationRefusal } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";

type Row = Record<string, unknown>;

/** Roles (001 §6): only the top admin creates flows and sees or changes the prompt and the context inputs. */
export const TOP_ADMIN = 100;

/** A field's value once the save is done: the one sent, else the stored one (an edit sends what changed). */
export const valueAfter = (data: Row, current: Row | null, name: string): unknown => (name in data ? data[name] : current?.[name]) ?? null;

/** The required-field message of a resource's field, in the caller's language. */
export const requiredMessage = (ctx: AuthedContext, resource: string, field: string) =>
  ctx.t("validation.required", { attribute: ctx.t(`resources.${resource}.fields.${field}`) });

/** Rows never carry the remote API's key back to the browser. */
export const hideAuthKey = (): Row => ({ apiAuthKey: null });

/**
 * Remote submission settings of a flow or an input (002 §5): once a method is chosen the endpoint and the response
 * map are required. The key is never shown, so an edit that sends none keeps the stored one; no method, no key.
 */
export function checkApiSettings(data: Row, current: Row | null, ctx: AuthedContext, resource: string): void {
  if (current && data.apiAuthKey === null) delete data.apiAuthKey;
  if (valueAfter(data, current, "apiMethod") === null) {
    data.apiAuthKey = null;
    return;
  }
  const missing = ["apiEndpoint", "apiResponseMap"].filter((name) => valueAfter(data, current, name) === null);
  if (missing.length) throw validationRefusal(Object.fromEntries(missing.map((name) => [name, requiredMessage(ctx, resource, name)])));
}
