import type { TLocale, TMenuItem } from "@pizarra/contracts";

export function menuLabel(item: Pick<TMenuItem, "name" | "nameEN">, locale: TLocale): string {
  return locale === "en" ? item.nameEN || item.name : item.name || item.nameEN;
}

export interface MenuHit {
  item: TMenuItem;
  /** Headings above the item, outermost first. */
  trail: TMenuItem[];
}

/** Every entry of the tree with the headings above it, depth first in menu order. */
export function walkMenu(items: TMenuItem[], trail: TMenuItem[] = []): MenuHit[] {
  return items.flatMap((item) => [{ item, trail }, ...walkMenu(item.subs, [...trail, item])]);
}

export function findMenuItem(items: TMenuItem[], id: string): MenuHit | null {
  return walkMenu(items).find((hit) => hit.item.ID === id) ?? null;
}

/** Case- and accent-insensitive ("periodo" finds "Período"). */
export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** Visible screens whose label in either language, or id, contains the query. */
export function searchMenu(items: TMenuItem[], query: string, locale: TLocale): MenuHit[] {
  const q = normalise(query);
  if (!q) return [];
  return walkMenu(items).filter(
    ({ item, trail }) =>
      item.path !== null &&
      !item.hidden &&
      !trail.some((heading) => heading.hidden) &&
      [menuLabel(item, locale), item.name, item.nameEN, item.ID].some((text) => normalise(text).includes(q)),
  );
}

/** The menu without hidden entries and without headings left empty by that (spec 000 §2.1: hidden per item). */
export function visibleMenu(items: TMenuItem[]): TMenuItem[] {
  return items.flatMap((item) => {
    if (item.hidden) return [];
    if (item.path !== null) return [item];
    const subs = visibleMenu(item.subs);
    return subs.length > 0 ? [{ ...item, subs }] : [];
  });
}

/** Keeps only the given ids and the headings that lead to them. */
export function pruneMenu(items: TMenuItem[], keep: ReadonlySet<string>): TMenuItem[] {
  return items.flatMap((item) => {
    const subs = pruneMenu(item.subs, keep);
    return keep.has(item.ID) || subs.length > 0 ? [{ ...item, subs }] : [];
  });
}

/** The module id of an /app/{id} path, or null. */
export function moduleIdOf(pathname: string): string | null {
  const match = /^\/app\/([^/]+)/.exec(pathname);
  return match && match[1] !== "home" ? decodeURIComponent(match[1]!) : null;
}
