import { GROUP_TYPE, PERSON_TYPE, type TGroupImport, type TMembersImportAnswer, type TNumberImport } from "@pizarra/contracts";
import { toE164 } from "@pizarra/contracts/phone";
import { lockKey, type TenantTx } from "@pizarra/db";
import { fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { decodeText, parseCsv } from "../../resource/csv.ts";
import { addMembers, authorizeGroupChange } from "./group-changes.ts";

/** One value to import: where it came from (the CSV file or the typed list), its line there, and its text. */
export interface ImportLine {
  field: string;
  line: number;
  text: string;
}

/** Turns the import's lines into user ids, or lists the lines it could not use. May create users (in `tx`). */
type Resolver = (tx: TenantTx, lines: ImportLine[]) => Promise<{ userIds: number[]; bad: ImportLine[] }>;

/** Spec 000 §9: transfer lists hold at most 10000 rows. */
const MAX_LINES = 10_000;
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const HEADER_RE = /^(ids?|user ?id|external ?id|externalid|c[oó]digo|phone|mobile|cel|celular|tel[eé]fono|n[uú]mero|number)$/i;
/** How many bad lines a refusal spells out; the rest are counted in `notFound`. */
const SHOWN = 20;

const attribute = (ctx: AuthedContext, field: string) => ctx.t(`fields.${field}`);

/** The values of an import, one per line: the first column of the CSV file (a header line is skipped), then the typed list. */
export function importLines(ctx: AuthedContext, file: string | undefined, list: string | undefined, listField: string): ImportLine[] {
  const lines: ImportLine[] = [];
  if (file) {
    const payload = file.replace(/^data:[^;,]*;base64,/, "").replace(/\s/g, "");
    if (!BASE64_RE.test(payload)) throw fieldRefusal("data", ctx.t("validation.base64", { attribute: attribute(ctx, "data") }));
    // Read as every import reads a school's file: its encoding and delimiter as the spreadsheet saved them.
    parseCsv(decodeText(Buffer.from(payload, "base64"))).forEach((row, i) => {
      const first = (row[0] ?? "").trim();
      if (first && !(i === 0 && HEADER_RE.test(first))) lines.push({ field: "data", line: i + 1, text: first });
    });
  }
  (list ?? "").split(/\r?\n/).forEach((row, i) => {
    const value = row.trim();
    if (value) lines.push({ field: listField, line: i + 1, text: value });
  });
  if (lines.length === 0) throw fieldRefusal(listField, ctx.t("validation.required", { attribute: attribute(ctx, listField) }));
  if (lines.length > MAX_LINES) throw fieldRefusal(listField, ctx.t("validation.importTooMany", { attribute: attribute(ctx, listField), max: MAX_LINES }));
  return lines;
}

function refuseLines(ctx: AuthedContext, bad: ImportLine[], key: string): never {
  const field = bad[0]!.field;
  const shown =
    bad
      .slice(0, SHOWN)
      .map((l) => `${l.line} (${l.text.slice(0, 40)})`)
      .join(", ") + (bad.length > SHOWN ? ", …" : "");
  const msg = ctx.t(`validation.${key}`, { attribute: attribute(ctx, field), lines: shown, count: bad.length });
  throw fieldRefusal(field, msg, { notFound: bad.map(({ field: from, line, text }) => ({ field: from, line, value: text })) });
}

/**
 * The one importer of group members: in a single transaction it finds the group (or makes it), resolves every line
 * to a user, and adds those not yet members. Any line it cannot use refuses the whole import, naming the lines, and
 * nothing is written: a half-imported list would be worse than none. Whether the caller may add anyone to the group
 * (authorizeGroupChange) is asked before any line is read, and for the people the lines name before they are added;
 * `audienceOnly` keeps a communication import out of permission groups.
 */
export async function importMembers(
  ctx: AuthedContext,
  module: string,
  group: (tx: TenantTx) => Promise<number>,
  lines: ImportLine[],
  resolve: Resolver,
  badKey: string,
  audienceOnly = false,
): Promise<Reply<TMembersImportAnswer>> {
  const data = await ctx.db.$transaction(async (tx) => {
    const groupId = await group(tx);
    await authorizeGroupChange(tx, ctx, { groupId, members: [], joins: true, audienceOnly });
    const { userIds, bad } = await resolve(tx, lines);
    if (bad.length) refuseLines(ctx, bad, badKey);
    const unique = [...new Set(userIds)];
    const count = await addMembers(tx, ctx, groupId, unique, audienceOnly);
    await audit(tx, ctx, module, "edit", groupId);
    return { groupId, lines: lines.length, added: count, already: unique.length - count };
  });
  return { data, msgKey: "api.membersImported" };
}

const existingGroup = (groupId: number) => async (tx: TenantTx) => {
  const found = await tx.userGroup.findFirst({ where: { id: groupId }, select: { id: true } });
  if (!found) throw notFound();
  return found.id;
};

/** Lines that are user ids, or (useExternalIds) external ids: each must name a person of this school. */
const byIds =
  (external: boolean): Resolver =>
  async (tx, lines) => {
    const wanted = external ? lines.map((l) => l.text) : lines.filter((l) => /^\d{1,9}$/.test(l.text)).map((l) => Number(l.text));
    const users = await tx.user.findMany({
      where: external ? { externalId: { in: wanted as string[] } } : { id: { in: wanted as number[] } },
      select: { id: true, externalId: true },
    });
    const byKey = new Map<string, number[]>();
    for (const u of users) {
      const key = external ? u.externalId! : String(u.id);
      byKey.set(key, [...(byKey.get(key) ?? []), u.id]);
    }
    const keyOf = (l: ImportLine) => (external ? l.text : /^\d{1,9}$/.test(l.text) ? String(Number(l.text)) : "");
    return { userIds: lines.flatMap((l) => byKey.get(keyOf(l)) ?? []), bad: lines.filter((l) => !byKey.has(keyOf(l))) };
  };

/** POST admGroup/importAttach and admUserGroup/importAttach: members by id or external id. */
export function attachByIds(module: string) {
  return (ctx: AuthedContext & { body: TGroupImport }) => {
    const { data, idsList, useExternalIds, groupId } = ctx.body;
    const external = useExternalIds === true || useExternalIds === "true" || useExternalIds === "1";
    return importMembers(ctx, module, existingGroup(groupId), importLines(ctx, data, idsList, "idsList"), byIds(external), "importNotFound");
  };
}

/** Numbers become external contacts (users of type 3): one already kept under that number is reused. */
const byPhones: Resolver = async (tx, lines) => {
  // E.164 as every number is stored; the spec's lists give each with its country code (002 §5), so none is local.
  const numbers = lines.map((l) => toE164(l.text));
  const bad = lines.filter((_, i) => numbers[i] === null);
  if (bad.length) return { userIds: [], bad };
  const wanted = [...new Set(numbers as string[])];
  // The school's imports of numbers take turns from this read to their commit, so two bringing one new number make it once.
  await lockKey(tx, "contactNumbers");
  const existing = await tx.user.findMany({
    where: { type: PERSON_TYPE.contact, cel: { in: wanted } },
    select: { id: true, cel: true },
    orderBy: { id: "asc" },
  });
  const byNumber = new Map<string, number>();
  for (const u of existing) if (!byNumber.has(u.cel!)) byNumber.set(u.cel!, u.id);
  const missing = wanted.filter((n) => !byNumber.has(n));
  const created = await tx.user.createManyAndReturn({
    data: missing.map((n) => ({ type: PERSON_TYPE.contact, name: n, cel: n })),
    select: { id: true, cel: true },
  });
  for (const u of created) byNumber.set(u.cel!, u.id);
  return { userIds: wanted.map((n) => byNumber.get(n)!), bad: [] };
};

/** POST admUser/importAttach: numbers into an existing group, or into a new communication group named `groupName`. */
export function attachNumbers(ctx: AuthedContext & { body: TNumberImport }) {
  const { data, phoneList, groupId, groupName } = ctx.body;
  const lines = importLines(ctx, data, phoneList, "phoneList");
  let group: (tx: TenantTx) => Promise<number>;
  if (typeof groupId === "number") group = existingGroup(groupId);
  else if (groupName) {
    group = async (tx) => {
      const taken = await tx.userGroup.findFirst({ where: { name: { equals: groupName, mode: "insensitive" } }, select: { id: true } });
      if (taken) throw fieldRefusal("groupName", ctx.t("validation.unique", { attribute: attribute(ctx, "groupName") }));
      return (await tx.userGroup.create({ data: { name: groupName, type: GROUP_TYPE.communication, staff: false } })).id;
    };
  } else throw fieldRefusal("groupId", ctx.t("validation.required", { attribute: attribute(ctx, "groupId") }));
  return importMembers(ctx, "admUser", group, lines, byPhones, "importPhones", true);
}
