import type { ResourceRules } from "../../resource/factory.ts";

/** Catalogue values (001 §3) show who created and who last changed them; the dates are kept by the database. */
export const otltRules: ResourceRules = {
  async beforeSave(_tx, data, ctx, id) {
    if (id === null) data.createdByName = ctx.user.name;
    data.updatedByName = ctx.user.name;
  },
};
