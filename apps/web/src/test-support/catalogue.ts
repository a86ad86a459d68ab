/** Every message of a catalogue (messages/*.json) as [its dotted key, its text]. */
export function catalogueEntries(node: unknown, prefix = ""): [string, string][] {
  if (typeof node !== "object" || node === null) return [[prefix, String(node)]];
  return Object.entries(node).flatMap(([key, value]) => catalogueEntries(value, prefix ? `${prefix}.${key}` : key));
}
