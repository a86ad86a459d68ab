import type { TenantTx } from "@pizarra/db";
import type { ResourceRules, ResourceServer } from "../../resource/factory.ts";
import { contentPrefix, storage } from "../../storage/storage.ts";
import { dropArtefactsAbout } from "../grades/index.ts";

type Row = Record<string, unknown>;
type Finder = { findMany(args: object): Promise<Row[]> };

/**
 * The editor images this person uploaded that no stored rich text shows any more. One that a record still shows
 * stays: it belongs to that record (a publication they wrote) now, not to its uploader.
 */
async function unusedImagesOf(tx: TenantTx, tenantId: number, personId: number, served: readonly ResourceServer[]): Promise<string[]> {
  const folder = contentPrefix(tenantId, personId);
  const images = await storage().list(folder);
  if (images.length === 0) return [];
  const editors = new Map<string, Set<string>>();
  for (const server of served) {
    for (const field of server.def.fields) {
      if (field.type === "editor" && !server.virtual?.includes(field.name)) editors.set(server.model, (editors.get(server.model) ?? new Set()).add(field.name));
    }
  }
  const shown = new Set<string>();
  for (const [model, fields] of editors) {
    const select = Object.fromEntries([...fields].map((f) => [f, true]));
    const rows = await (tx as unknown as Record<string, Finder>)[model]!.findMany({
      where: { OR: [...fields].map((f) => ({ [f]: { contains: folder } })) },
      select,
    });
    for (const row of rows) for (const text of Object.values(row)) for (const key of images) if (typeof text === "string" && text.includes(key)) shown.add(key);
  }
  return images.filter((key) => !shown.has(key));
}

/**
 * Deleting a person, through whichever module (admStudent, admRelatives, admStaff, admUser), takes with it what the
 * rows deleted with them do not hold (those the factory finds from every resource's upload fields): the report
 * artefacts about them and their unused editor images.
 */
export const personFileRules: ResourceRules = {
  async filesGoingWith(tx, record, ctx, served) {
    const id = Number(record.id);
    return [...(await dropArtefactsAbout(tx, id)), ...(await unusedImagesOf(tx, ctx.user.tenantId, id, served))];
  },
};
