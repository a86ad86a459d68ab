import type { ResourceRules } from "../../resource/factory.ts";
import { assertForwardRange } from "../../resource/refuse.ts";
import { assertCategory, assertFound, checkAudience, idList, stored } from "./checks.ts";

/** A publication's category is a publications or photos category ("pub", "pho"); the photos ones come from the communications dashboard. */
const PUBLICATION_CATEGORIES = ["pub", "pho"] as const;

/**
 * admPublication: a category of its kind, publishing that does not end before it starts, grades and sections of the
 * school, someone who sees it once published; the byline is the author's name unless one is given.
 */
export const publicationRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : stored(await tx.publication.findFirst({ where: { id: Number(id) } }));
    await assertCategory(tx, ctx, "admPublication", data, PUBLICATION_CATEGORIES);
    assertForwardRange(ctx, data, current, "publishFrom", "publishTo");
    await checkAudience(tx, ctx, "admPublication", data, current);
    if (id === null && !data.by) data.by = ctx.user.name;
  },
};

/** admPublicationPart: a part of one of this school's publications; a new one goes last unless its place is given. */
export const publicationPartRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const [publicationId] = idList(ctx, "admPublicationPart", "publicationId", data.publicationId);
    if (publicationId === undefined) return;
    await assertFound(ctx, "admPublicationPart", "publicationId", [publicationId], (ids) => tx.publication.count({ where: { id: { in: ids } } }));
    if (id !== null || typeof data.sort === "number") return;
    const last = await tx.publicationPart.aggregate({ where: { publicationId }, _max: { sort: true } });
    data.sort = (last._max.sort ?? -1) + 1;
  },
};
