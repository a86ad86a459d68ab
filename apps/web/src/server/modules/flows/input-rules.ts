import { RESOURCES, ROLE } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { AppError, notFound } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { checkApiSettings } from "./api-settings.ts";
import { merged, refuse } from "../../resource/refuse.ts";

type Row = Record<string, unknown>;

/** 002 §2: one page of 100 shows a flow's inputs without paging, so a flow holds at most that many. */
const MAX_INPUTS = RESOURCES.admFetchInput.pageSize;
/** 002 §5: options apply to the option and multiple types (choices joined by '|'). */
const CHOICE_TYPES = new Set(["option", "multiple"]);
const choiceCount = (value: unknown) => (typeof value === "string" ? value.split("|").filter((c) => c.trim() !== "").length : 0);

/**
 * Holds the flow's row until the transaction ends, so that new inputs and moves of one flow take turns and the
 * orders stay distinct. False when the school has no such flow.
 */
export async function lockFlow(tx: TenantTx, flowId: number): Promise<boolean> {
  const { count } = await tx.flow.updateMany({ where: { id: flowId }, data: { updatedAt: new Date() } });
  return count > 0;
}

/**
 * admFetchInput (002 §4, §5; 001 §6): a new input goes last in its flow, which holds at most 100; a choice input has
 * two or more options; the remote settings are complete; only the top admin creates or changes a context input.
 */
export const inputRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : ((await tx.flowInput.findFirst({ where: { id: Number(id) } })) as Row | null);
    if (id !== null && !current) throw notFound();
    if (!current) {
      const flowId = Number(data.fectchId);
      if (!(await lockFlow(tx, flowId))) refuse(ctx, "admFetchInput", "fectchId", "validation.option");
      const { _count, _max } = await tx.flowInput.aggregate({ where: { fectchId: flowId }, _count: { _all: true }, _max: { order: true } });
      if (_count._all >= MAX_INPUTS) throw new AppError(-409, "api.flowInputsFull", 409, { max: MAX_INPUTS });
      data.order = (_max.order ?? 0) + 1;
    }
    if (ctx.user.roleCode !== ROLE.topAdmin && (current?.fieldType === "context" || merged(data, current, "fieldType") === "context")) {
      throw new AppError(-403, "api.flowContextRole", 403);
    }
    if (CHOICE_TYPES.has(String(merged(data, current, "type"))) && choiceCount(merged(data, current, "options")) < 2) {
      refuse(ctx, "admFetchInput", "options", "validation.choices");
    }
    checkApiSettings(data, current, ctx, "admFetchInput");
  },
};
