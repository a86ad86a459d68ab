import {
  isRecipientTag,
  labelKeyOf,
  RECIPIENT_TAGS,
  templateTags,
  type TTagContent,
  type TTemplatesMetaAnswer,
  ZTemplateObjectQuery,
  ZTemplatesMetaAnswer,
} from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { parseOrRefuse } from "../../http/parse.ts";
import { authedRoute, type Route } from "../../http/route.ts";
import { refuse } from "../../resource/refuse.ts";
import { mayPick } from "../../resource/pick-gate.ts";
import { formatDateTime } from "../../resource/values.ts";

type Row = Record<string, unknown>;
type Db = TenantDb | TenantTx;
/** The notification these tags are written for: its labels name the object's fields in refusals. */
const NOTIFICATION = "admNotification";

const inLocale = (ctx: AuthedContext, es: string, en: string | null) => (ctx.locale === "en" && en ? en : es);
const day = (date: Date | null) => (date ? formatDateTime(date).slice(0, 10) : "");
const time = (date: Date | null) => (date ? formatDateTime(date).slice(11) : "");

/**
 * What a notification's associated record (002 §3 `page` and `objectId`) fills in a template: by the record's kind,
 * the values of the tags it knows, through the scoped client (another school's record is not found). A tag
 * is read under its English name and the Spanish one schools write (`SPANISH`).
 */
const OBJECT_VALUES: Record<string, (db: Db, id: number, ctx: AuthedContext) => Promise<Record<string, string> | null>> = {
  async publication(db, id, ctx) {
    const p = await db.publication.findFirst({ where: { id }, select: { name: true, nameEN: true, desc: true, descEN: true, publishFrom: true } });
    if (!p) return null;
    const title = inLocale(ctx, p.name, p.nameEN);
    const description = inLocale(ctx, p.desc ?? "", p.descEN);
    return { title, publication: title, date: day(p.publishFrom), description };
  },
  async calendar(db, id, ctx) {
    const a = await db.calendarActivity.findFirst({ where: { id }, select: { name: true, nameEN: true, startDate: true, locationTxt: true } });
    if (!a) return null;
    const title = inLocale(ctx, a.name, a.nameEN);
    return { title, activity: title, date: day(a.startDate), time: time(a.startDate), location: a.locationTxt ?? "" };
  },
  async attendance(db, id) {
    const a = await db.attendanceType.findFirst({ where: { id }, select: { name: true } });
    return a && { title: a.name, attendance: a.name };
  },
  async fetch(db, id) {
    const f = await db.flow.findFirst({ where: { id }, select: { name: true } });
    return f && { title: f.name, flow: f.name };
  },
};

/** The Spanish names of the tags, read as the English ones. */
const SPANISH: Record<string, string> = {
  titulo: "title",
  publicacion: "publication",
  fecha: "date",
  descripcion: "description",
  actividad: "activity",
  hora: "time",
  lugar: "location",
  asistencia: "attendance",
  flujo: "flow",
};

/** The values the record named by the query gives its kind's tags; none without one. Refuses a record this school does not have. */
async function objectValues(ctx: AuthedContext, query: unknown): Promise<Record<string, string>> {
  const { objectType, objectId } = parseOrRefuse(ZTemplateObjectQuery, query ?? {}, ctx.t, (field) =>
    labelKeyOf({ id: NOTIFICATION })(field === "objectType" ? "page" : field),
  );
  if (!objectType || objectType === "general" || objectType === "payment") return {};
  // Own kinds only: "toString" names no record.
  const read = Object.hasOwn(OBJECT_VALUES, objectType) ? OBJECT_VALUES[objectType] : undefined;
  if (!read) refuse(ctx, NOTIFICATION, "page", "validation.option");
  if (objectId === undefined) return {};
  const values = await read(ctx.db, objectId, ctx);
  if (!values) refuse(ctx, NOTIFICATION, "objectId", "validation.option");
  return values;
}

/** A template's tags as the wizard's inputs (002 §7 tagsContent): recipient tags are filled when it is sent. */
function tagsContent(content: string, values: Record<string, string>): TTagContent[] {
  return templateTags(content).map((id) =>
    isRecipientTag(id)
      ? { id, defValue: "", hidden: true, readonly: true }
      : { id, defValue: values[id] ?? values[SPANISH[id] ?? ""] ?? "", hidden: false, readonly: false },
  );
}

/**
 * admLocalization's `decorate` (its generic `get/{id}` is the spec's `admLocalization/get/{templateId}`, 002 §7): every
 * template row carries its tags as `tagsContent`, and the record named by `?objectType=&objectId=` (a route without a
 * query schema hands the query over as sent) gives their default values.
 */
export async function withTagsContent(_db: Db, rows: Row[], ctx: AuthedContext): Promise<void> {
  if (rows.length === 0) return;
  const values = await objectValues(ctx, (ctx as AuthedContext & { query?: unknown }).query);
  for (const row of rows) row.tagsContent = tagsContent(String(row.content ?? ""), values);
}

/** GET admLocalization/getMeta: what the notification wizard needs to pick a WhatsApp template and fill its tags. */
async function templatesMeta(ctx: AuthedContext): Promise<Reply<TTemplatesMetaAnswer>> {
  const rows = await ctx.db.localizationTemplate.findMany({
    where: { type: "w" },
    select: { id: true, name: true, templateId: true, content: true },
    orderBy: { name: "asc" },
  });
  const templates = rows.map((r) => ({
    ID: r.id,
    name: r.name,
    templateId: r.templateId,
    content: r.content ?? "",
    tags: templateTags(r.content).map((id) => ({ id, recipient: isRecipientTag(id) })),
  }));
  return { data: { templates, recipientTags: [...RECIPIENT_TAGS] } };
}

/** The template calls beyond the generic five: open, like the template pick list, to whoever may write a notification. */
export const LOCALIZATION_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "admLocalization/getMeta",
    auth: "user",
    module: "admLocalization",
    alsoAllowed: mayPick("admLocalization/get", { pickOnly: false }),
    answer: ZTemplatesMetaAnswer,
    handler: templatesMeta,
  }),
];
