/** No value at all: null, undefined, empty text or an empty list. */
export const isBlank = (value: unknown): boolean => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** IDs compare as text: a select's value may be "3" where the pick list says 3. */
export const sameId = (a: unknown, b: unknown): boolean => String(a) === String(b);

/** Spec 000 §8: success toasts (the server's msg after create, edit or delete) last 5000 ms. */
export const SUCCESS_TOAST_MS = 5000;
