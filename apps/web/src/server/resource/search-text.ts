/**
 * A person's search text as a LIKE pattern's literal part: Prisma's `contains` wraps the text in % on PostgreSQL but
 * leaves % and _ (and the escape character) inside it as wildcards, so "100%" would find "1000" and "_" anything.
 * Trigram indexes still serve the escaped pattern.
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `contains` condition of a case-insensitive search for this text, taken literally. */
export const containsText = (text: string) => ({ contains: likeLiteral(text), mode: "insensitive" as const });

/**
 * The conditions of a word typed into a label search, case aside: a word starts a word of the column ("prim" finds
 * "primaria"), and a lone letter is a whole word (a section's "A", not the "A" of "Año" nor the "a" inside "primaria"),
 * so that every word of a label as shown ("3.º de primaria A 2026") narrows the list.
 */
export function wordStartText(word: string) {
  const w = likeLiteral(word);
  const mode = "insensitive" as const;
  if (/^\p{L}$/u.test(word))
    return [
      { equals: word, mode },
      { startsWith: `${w} `, mode },
      { endsWith: ` ${w}`, mode },
      { contains: ` ${w} `, mode },
    ];
  return [
    { startsWith: w, mode },
    { contains: ` ${w}`, mode },
  ];
}

/** Text as people are searched: lower-case and without accents, as the database folds a person's search text. */
export const foldText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** A person's search text holds this word: it is stored folded, so a plain LIKE (which the trigram index serves) finds the folded word. */
export const personTextContains = (word: string) => ({ searchText: { contains: likeLiteral(foldText(word)) } });

/**
 * The words of a people search as typed, each of which must be found. Words under three letters narrow it only when
 * nothing longer was typed ("de" of "de la Cruz" is no trigram an index can serve); they still count in the ranking.
 */
export function searchWords(text: string): string[] {
  const words = [
    ...new Map(
      text
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => [foldText(w), w]),
    ).values(),
  ];
  const long = words.filter((w) => w.length >= 3);
  return long.length ? long : words;
}

/**
 * How well a person's search text (parts kept apart by " | ": names surname-first, names given-name-first, code,
 * documents, e-mail) answers what was typed: the whole text as one part ("A00012"), as a part's start ("Flores
 * Rodríguez", "Leonardo Flores") or as a run of whole words in one; then each word as a whole word, a word's start,
 * or anywhere. Equal scores keep the list's own order.
 */
export function matchScore(typed: string, searchText: string): number {
  const phrase = foldText(typed).trim().replace(/\s+/g, " ");
  const parts = searchText.split(" | ");
  let score = 0;
  if (parts.includes(phrase)) score += 1000;
  else if (parts.some((p) => p.startsWith(`${phrase} `))) score += 500;
  else if (parts.some((p) => ` ${p} `.includes(` ${phrase} `))) score += 200;
  else if (parts.some((p) => ` ${p}`.includes(` ${phrase}`))) score += 100;
  const words = parts.flatMap((p) => p.split(" "));
  for (const w of phrase.split(" ")) {
    if (words.includes(w)) score += 20;
    else if (words.some((x) => x.startsWith(w))) score += 10;
  }
  return score;
}

/** A person's fields that their search text holds (migration 20261125100000, `pizarra_person_search_text`). */
export const PERSON_SEARCH_FIELDS = ["name", "last", "last2", "externalId", "doc", "documentnumber", "mail"] as const;
