/**
 * A person's search text as a LIKE pattern's literal part: Prisma's `contains` wraps the text in % on PostgreSQL but
 * leaves % and _ (and the escape character) inside it as wildcards, so "100%" would find "1000" and "_" anything.
 * Trigram indexes still serve the escaped pattern.
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `contains` condition of a case-insensitive search for this text, taken literally. */
export const containsText = (text: string) => ({ contains: likeLiteral(text), mode: "insensitive" as const });
