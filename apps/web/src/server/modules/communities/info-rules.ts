import { fieldRefusal } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";

/** admInfo: the category must be a publications category ("pub") of this school; publishing must not end before it starts. */
export const infoRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    if (typeof data.categoryId === "number") {
      const category = await tx.category.findFirst({ where: { id: data.categoryId, type: "pub" }, select: { id: true } });
      if (!category) throw fieldRefusal("categoryId", ctx.t("validation.option", { attribute: ctx.t("resources.admInfo.fields.categoryId") }));
    }
    const current = id === null ? null : await tx.info.findFirst({ where: { id: Number(id) }, select: { publishFrom: true, publishTo: true } });
    const from = (data.publishFrom === undefined ? current?.publishFrom : data.publishFrom) as Date | null | undefined;
    const to = (data.publishTo === undefined ? current?.publishTo : data.publishTo) as Date | null | undefined;
    if (from && to && from > to) throw fieldRefusal("publishTo", ctx.t("api.periodRange"));
  },
};
