/**
 * The deepest nesting of arrays and objects in a JSON text, read without parsing it: JSON nested thousands of levels
 * deep is cheap to send and costly (or fatal) to walk recursively, so it is measured before anything else reads it.
 * Stops counting once `limit` is passed.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
