import { listQuerySchema } from "@pizarra/contracts";
import type { AuthedContext, Reply } from "../http/context.ts";
import type { RowReader } from "./references.ts";
import { type Reader, readerOf } from "./reader.ts";
import type { ResourceServer, Row } from "./resource-server.ts";

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
  /** Other resources' rows as their own lists answer the caller: the labels an export writes and an import reads back. */
  rows(ctx: AuthedContext): RowReader;
  /** A resource's own generic list for a parsed list query, answered exactly as `{resource}/get` answers it. */
  list(resource: string, ctx: AuthedContext, query: Row): Promise<Reply>;
}

export function serveResources(servers: readonly ResourceServer[]): ServedResources {
  const readers = new Map<string, { server: ResourceServer; reader: Reader }>();
  const rows = (ctx: AuthedContext): RowReader => {
    return async (resource, query) => {
      const served = readers.get(resource);
      if (!served) return null;
      const reply = await served.reader.list(ctx, listQuerySchema(served.server.def).parse({ ...query, PageSize: LABEL_ROWS }));
      return (reply.data as { Results: Row[] }).Results;
    };
  };
  for (const server of servers) readers.set(server.def.id, { server, reader: readerOf(server, rows) });
  const readerFor = (resource: string) => {
    const served = readers.get(resource);
    if (!served) throw new Error(`The engine serves no resource ${resource}`);
    return served.reader;
  };
  return { servers, readerOf: readerFor, rows, list: (resource, ctx, query) => readerFor(resource).list(ctx, query) };
}
