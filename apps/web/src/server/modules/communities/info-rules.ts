import type { ResourceRules } from "../../resource/factory.ts";
import { assertForwardRange, refuse } from "../../resource/refuse.ts";

/** admInfo: the category must be a publications category ("pub") of this school; publishing must not end before it starts. */
export const infoRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    if (typeof data.categoryId === "number") {
      const category = await tx.category.findFirst({ where: { id: data.categoryId, type: "pub" }, select: { id: true } });
      if (!category) refuse(ctx, "admInfo", "categoryId", "validation.option");
    }
    const current = id === null ? null : await tx.info.findFirst({ where: { id: Number(id) }, select: { publishFrom: true, publishTo: true } });
    assertForwardRange(ctx, data, current, "publishFrom", "publishTo");
  },
};
