/**
 * The one error type handlers throw. `status` is the negative envelope status, `httpStatus` the HTTP code;
 * messageKey is translated into the caller's language in one place (handle.ts).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly httpStatus = 200,
    readonly values: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
  }
}

export const unauthorized = () => new AppError(-401, "api.unauthorized", 401);
/** A token of a session that was ended (sign-out, new password, deactivation, forced logout). */
export const sessionEnded = () => new AppError(-401, "api.sessionEnded", 401);
export const forbidden = (module: string) => new AppError(-403, "api.forbidden", 403, { module });
export const notFound = () => new AppError(-404, "api.notFound", 404);
/** A body past its route's limit (read-body.ts), or one a GET announces. */
export const payloadTooLarge = () => new AppError(-413, "api.payloadTooLarge", 413);

/** A validation failure: field → message (already in the user's language); the first message is the answer's msg. */
export const validationRefusal = (errors: Record<string, string>, extra: Record<string, unknown> = {}) =>
  new AppError(-422, "", 422, {}, { errors, msg: Object.values(errors)[0], ...extra });

/** A refusal of one field's value, shaped like a validation failure. */
export const fieldRefusal = (field: string, msg: string, extra: Record<string, unknown> = {}) => validationRefusal({ [field]: msg }, extra);
