import {
  labelKeyOf,
  listQuerySchema,
  resourceListAnswer,
  resourceRowAnswer,
  type ResourceAction,
  type ResourceDef,
  ZCreateQuery,
  ZDeleteQuery,
  ZEditQuery,
  ZImportAnswer,
  ZImportBody,
  ZImportQuery,
  ZResourceKey,
  ZSavedAnswer,
  ZUpload,
  ZUploadAnswer,
} from "@pizarra/contracts";
import { z } from "zod";
import { AppError } from "../http/app-error.ts";
import type { AuthedContext, Reply } from "../http/context.ts";
import { ownLabels } from "../http/parse.ts";
import { authedRoute, type Part, type Route } from "../http/route.ts";
import { guardOf } from "./guard.ts";
import { importRecords, importTemplate } from "./import.ts";
import { mayPick } from "./pick-gate.ts";
import { removerOf } from "./removal.ts";
import type { ResourceServer, Row } from "./resource-server.ts";
import type { ServedResources } from "./served-resources.ts";
import { recordUpload, UPLOAD_BODY_LIMIT } from "./upload.ts";
import type { Writer } from "./writer.ts";

export { withOwners } from "./owners.ts";
export type { FileHolder, ResourceRules, ResourceServer, RowOwner } from "./resource-server.ts";
export { type ServedResources, serveResources } from "./served-resources.ts";

const ZAnyRecord = z.record(z.string(), z.unknown());

// A write the definition does not offer is refused (after auth and permission), so a list without them is read-only;
// its body is then any record, never read.
const offered = (def: ResourceDef, actions: readonly ResourceAction[]) => actions.some((a) => def.actions.includes(a));
const refused = <R>(): R => {
  throw new AppError(-405, "api.actionNotAllowed", 405);
};

/**
 * A resource's answers are built from its definition when it is served, so its rows are checked as they are answered
 * (by the route's answer schema), not when the engine is compiled: its handlers give rows of any shape.
 */
const builtAnswer =
  <C>(handler: (ctx: C) => Promise<Reply>) =>
  (ctx: C) =>
    handler(ctx) as Promise<Reply<never>>;

/** {resource}/importTemplate and {resource}/importAttach: lines written as the writer's creates, read by the served resources' labels. */
function importRoutes(def: ResourceDef, writer: Writer, served: ServedResources): Route[] {
  return [
    authedRoute({
      method: "GET",
      path: `${def.id}/importTemplate`,
      auth: "user",
      module: def.module,
      answer: "response",
      handler: (ctx: AuthedContext) => importTemplate(def, ctx),
    }),
    authedRoute({
      method: "POST",
      path: `${def.id}/importAttach`,
      auth: "user",
      module: def.module,
      query: ZImportQuery,
      body: ZImportBody,
      maxBytes: UPLOAD_BODY_LIMIT,
      answer: ZImportAnswer,
      handler: (ctx: AuthedContext & { body: { data: string }; query: { dryRun?: string; parentId?: string } }) =>
        importRecords({ def, prepare: writer.prepare, write: writer.write, rows: served.rows(ctx) }, ctx),
    }),
  ];
}

/**
 * The routes of one resource (spec 000 §7): its list and record (the reader), create, edit and delete (the writer),
 * file fields and import, from its definition and model; `served` is every resource the engine serves, as the
 * composition root lists them (labels of other resources' records, rules that look across them).
 */
export function createResource(server: ResourceServer, served: ServedResources): Route[] {
  const { def } = server;
  const reader = served.readerOf(def.id);
  const guard = guardOf(server, reader.scoped);
  const writer = served.writerOf(def.id);
  const remove = removerOf(server, reader, guard, served.servers);
  const uploadTo = recordUpload(server, reader, guard);

  const offers = (actions: readonly ResourceAction[]) => offered(def, actions);
  const only = <C, R>(actions: readonly ResourceAction[], handler: (ctx: C) => R) => (offers(actions) ? handler : refused<R>);
  // A form's fields are named by the resource's labels; the query, the path and a body that is no object as elsewhere.
  const recordLabel = ownLabels(reader.fieldByName.keys(), labelKeyOf(def));
  const formLabel = (field: string, part: Part) => (part === "body" ? recordLabel(field) : `fields.${field}`);
  const listLabel = (field: string) => (reader.filterNames.has(field) ? labelKeyOf(def)(field) : `fields.${field}`);
  const m = def.module;
  // A resource with file fields takes a file for any of them ({resource}/file) and for each by its name.
  const uploadFields = reader.uploadFields.length ? [undefined, ...reader.uploadFields] : [];
  const row = resourceRowAnswer(def, server.shows);
  // The resource's own answer is given for some saves only (a trial, a confirmed send): otherwise the key alone.
  const saved = server.savedAnswer ? ZSavedAnswer.extend(server.savedAnswer.partial().shape) : ZSavedAnswer;
  return [
    authedRoute({
      method: "GET",
      path: `${def.id}/get`,
      auth: "user",
      module: m,
      alsoAllowed: mayPick(`${def.id}/get`, { pickOnly: true }),
      query: listQuerySchema(def).extend({ format: z.enum(["xlsx"]).optional() }),
      labelKey: listLabel,
      answer: resourceListAnswer(def, server.shows),
      handler: builtAnswer((ctx: AuthedContext & { query: Row }) => reader.list(ctx, ctx.query)),
    }),
    authedRoute({ method: "GET", path: `${def.id}/get/{id}`, auth: "user", module: m, params: ZResourceKey, answer: row, handler: builtAnswer(reader.get) }),
    authedRoute({
      method: "POST",
      path: `${def.id}/create`,
      auth: "user",
      module: m,
      query: ZCreateQuery,
      body: offers(["create"]) ? writer.createSchema : ZAnyRecord,
      fillBody: (body, query) => writer.filled(body, query.parentId),
      labelKey: formLabel,
      answer: saved,
      handler: builtAnswer(only(["create"], writer.create)),
    }),
    authedRoute({
      method: "POST",
      path: `${def.id}/edit/{id}`,
      auth: "user",
      module: m,
      params: ZResourceKey,
      query: ZEditQuery,
      body: offers(["edit"]) ? writer.editSchema : ZAnyRecord,
      labelKey: formLabel,
      answer: saved,
      handler: builtAnswer(only(["edit"], writer.edit)),
    }),
    authedRoute({
      method: "POST",
      path: `${def.id}/delete/{id}`,
      auth: "user",
      module: m,
      params: ZResourceKey,
      query: ZDeleteQuery,
      answer: ZSavedAnswer,
      handler: builtAnswer(only(["delete"], remove)),
    }),
    ...(def.actions.includes("import") ? importRoutes(def, writer, served) : []),
    ...uploadFields.map((field) =>
      authedRoute({
        method: "POST",
        path: `${def.id}/${field?.name ?? "file"}`,
        auth: "user",
        module: m,
        query: ZResourceKey,
        body: ZUpload,
        maxBytes: UPLOAD_BODY_LIMIT,
        answer: ZUploadAnswer,
        handler: builtAnswer(only(["create", "edit"], uploadTo(field))),
      }),
    ),
  ];
}
