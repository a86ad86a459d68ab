type Person = { name?: string | null; last?: string | null; last2?: string | null };

/** Whether a school writes given names first, from its settings (Tenant.settings.givenNamesFirst). */
export const givenNamesFirstIn = (settings: unknown): boolean =>
  typeof settings === "object" && settings !== null && (settings as Record<string, unknown>).givenNamesFirst === true;

/**
 * A person's name as every list and screen shows it: surnames first; given names first where the school writes them
 * so (Tenant.settings.givenNamesFirst).
 */
export function fullName(p: Person, givenNamesFirst?: boolean): string;
export function fullName(p: Person | null | undefined, givenNamesFirst?: boolean): string | null;
export function fullName(p: Person | null | undefined, givenNamesFirst = false): string | null {
  if (!p) return null;
  return (givenNamesFirst ? [p.name, p.last, p.last2] : [p.last, p.last2, p.name]).filter(Boolean).join(" ");
}
