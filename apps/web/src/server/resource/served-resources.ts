import { listQuerySchema } from "@pizarra/contracts";
import type { AuthedContext, Reply } from "../http/context.ts";
import { guardOf } from "./guard.ts";
import type { RowReader } from "./references.ts";
import { type Reader, readerOf } from "./reader.ts";
import type { ResourceServer, Row } from "./resource-server.ts";
import { type Writer, writerOf } from "./writer.ts";

/** How many records of a resource a label table reads: a list query's largest page. */
const LABEL_ROWS = 10_000;

/**
 * Every resource the engine serves, each with its reader, as the composition root (`server/resources.ts`) lists them:
 * handed to each resource it creates, and to whoever reaches across all of them (the files a deleted person leaves,
 * the rich text that shows an image).
 */
export interface ServedResources {
  servers: readonly ResourceServer[];
  /** A served resource's reader; throws for a resource the engine does not serve. */
  readerOf(resource: string): Reader;
  /**
   * A served resource's writer, with its rules, identifiers, guard and audit line: a record another domain creates as
   * part of its own write (a new relative made with their family link) is checked exactly as its own form's would be.
   */
  writerOf(resource: string): Writer;
  /** Other resources' rows as their own lists answer the caller: the labels an export writes and an import reads back. */
  rows(ctx: AuthedContext): RowReader;
  /** A resource's own generic list for a parsed list query, answered exactly as `{resource}/get` answers it. */
  list(resource: string, ctx: AuthedContext, query: Row): Promise<Reply>;
}

export function serveResources(servers: readonly ResourceServer[]): ServedResources {
  const readers = new Map<string, { server: ResourceServer; reader: Reader; writer?: Writer }>();
  const rows = (ctx: AuthedContext): RowReader => {
    return async (resource, query) => {
      const served = readers.get(resource);
      if (!served) return null;
      const reply = await served.reader.list(ctx, listQuerySchema(served.server.def).parse({ ...query, PageSize: LABEL_ROWS }));
      return (reply.data as { Results: Row[] }).Results;
    };
  };
  for (const server of servers) readers.set(server.def.id, { server, reader: readerOf(server, rows) });
  const servedOf = (resource: string) => {
    const served = readers.get(resource);
    if (!served) throw new Error(`The engine serves no resource ${resource}`);
    return served;
  };
  const readerFor = (resource: string) => servedOf(resource).reader;
  const writerFor = (resource: string) => {
    const served = servedOf(resource);
    served.writer ??= writerOf(served.server, served.reader, guardOf(served.server, served.reader.scoped));
    return served.writer;
  };
  return { servers, readerOf: readerFor, writerOf: writerFor, rows, list: (resource, ctx, query) => readerFor(resource).list(ctx, query) };
}
