import { ROLE } from "@pizarra/contracts";
import { AppError, notFound, validationRefusal } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { checkApiSettings } from "./api-settings.ts";
import { assertForwardRange, fieldMessage, merged, refuse } from "../../resource/refuse.ts";

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
    const topAdmin = ctx.user.roleCode === ROLE.topAdmin;
    if (!current && !topAdmin) throw new AppError(-403, "api.flowCreateRole", 403);
    if (current && "prompt" in data && data.prompt !== current.prompt && !topAdmin) {
      throw new AppError(-403, "api.flowPromptRole", 403, {}, { errors: { prompt: ctx.t("api.flowPromptRole") } });
    }

    const required = (field: string, when: boolean) => (when && merged(data, current, field) === null ? [field] : []);
    const missing = [
      ...required("groupId", merged(data, current, "recipientType") === GROUP_RECIPIENTS),
      ...required("forDate", merged(data, current, "triggerType") === "date"),
      ...required("activeFrom", merged(data, current, "scheduled") === true),
    ];
    if (missing.length) throw validationRefusal(Object.fromEntries(missing.map((field) => [field, fieldMessage(ctx, "admFetch", field)])));

    if (typeof data.groupId === "number" && !(await tx.userGroup.findFirst({ where: { id: data.groupId, staff: false }, select: { id: true } }))) {
      refuse(ctx, "admFetch", "groupId", "validation.option");
    }
    assertForwardRange(ctx, data, current, "activeFrom", "activeTo");
    checkApiSettings(data, current, ctx, "admFetch");
  },
};
