/**
 * The zones this browser knows, as a person looks for them: the city and its offset now ("Lima (UTC−05:00)"), with
 * the zone's name in the page's language where Intl has one ("hora de Perú"), sorted by that label; the school's own
 * zone first if the browser does not know it (so the select never loses it).
 */
export function zonesWith(current: string, locale: string): Array<{ zone: string; label: string }> {
  const known = Intl.supportedValuesOf("timeZone");
  const collator = new Intl.Collator(locale, { numeric: true });
  const labelled = known.map((zone) => ({ zone, label: zoneLabel(zone, locale) })).sort((a, b) => collator.compare(a.label, b.label));
  return known.includes(current) ? labelled : [{ zone: current, label: current }, ...labelled];
}

/** A zone as the lists and the profile card name it; one this browser does not know, by its id. */
export function zoneLabel(zone: string, locale: string): string {
  try {
    return labelOf(zone, locale);
  } catch {
    return zone;
  }
}

function labelOf(zone: string, locale: string): string {
  const part = (timeZoneName: "longOffset" | "shortGeneric") =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")?.value ?? "";
  const offset = part("longOffset").replace(/^GMT$/, "GMT+00:00").replace("GMT", "UTC").replace("-", "−");
  const city = (zone.split("/").at(-1) ?? zone).replaceAll("_", " ");
  // A generic name that is only an abbreviation or an offset ("CT", "GMT+0") says no more than the offset does.
  const name = part("shortGeneric");
  return /\s/.test(name) && !name.includes(city) ? `${city} (${offset}) · ${name}` : `${city} (${offset})`;
}
