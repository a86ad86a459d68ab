import { AppError, fieldRefusal, notFound, validationRefusal } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { checkApiSettings, requiredMessage, TOP_ADMIN, valueAfter } from "./api-settings.ts";

type Row = Record<string, unknown>;
const GROUP_RECIPIENTS = 1;

/**
 * admFetch (001 §5, §6; 002 §5): only the top admin creates a flow or changes its prompt; a flow sent to a group
 * names one of the school's communication groups; a flow triggered on a date has that date; a scheduled flow has
 * its start, and its window does not end before it starts; the remote settings are complete.
 */
export const flowRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : ((await tx.flow.findFirst({ where: { id: Number(id) } })) as Row | null);
    if (id !== null && !current) throw notFound();
    const topAdmin = ctx.user.roleCode === TOP_ADMIN;
    if (!current && !topAdmin) throw new AppError(-403, "api.flowCreateRole", 403);
    if (current && "prompt" in data && data.prompt !== current.prompt && !topAdmin) {
      throw new AppError(-403, "api.flowPromptRole", 403, {}, { errors: { prompt: ctx.t("api.flowPromptRole") } });
    }

    const required = (field: string, when: boolean) => (when && valueAfter(data, current, field) === null ? [field] : []);
    const missing = [
      ...required("groupId", valueAfter(data, current, "recipientType") === GROUP_RECIPIENTS),
      ...required("forDate", valueAfter(data, current, "triggerType") === "date"),
      ...required("activeFrom", valueAfter(data, current, "scheduled") === true),
    ];
    if (missing.length) throw validationRefusal(Object.fromEntries(missing.map((field) => [field, requiredMessage(ctx, "admFetch", field)])));

    if (typeof data.groupId === "number" && !(await tx.userGroup.findFirst({ where: { id: data.groupId, staff: false }, select: { id: true } }))) {
      throw fieldRefusal("groupId", ctx.t("validation.option", { attribute: ctx.t("resources.admFetch.fields.groupId") }));
    }
    const from = valueAfter(data, current, "activeFrom");
    const to = valueAfter(data, current, "activeTo");
    if (from instanceof Date && to instanceof Date && from > to) throw fieldRefusal("activeTo", ctx.t("api.periodRange"));
    checkApiSettings(data, current, ctx, "admFetch");
  },
};
