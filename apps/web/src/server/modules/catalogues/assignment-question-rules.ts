import { AppError } from "../../http/app-error.ts";
import type { ResourceRules } from "../../resource/factory.ts";

const CHOICE_TYPES = new Set(["option", "optionMany"]);
const choices = (value: unknown) => (typeof value === "string" ? value.split("|").filter((c) => c.trim() !== "").length : 0);

/** Spec 000 §5: a question answered by picking needs two or more choices (its options, joined by '|'). */
export const assignmentQuestionRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : await tx.assignmentQuestion.findFirst({ where: { id: Number(id) }, select: { type: true, options: true } });
    const type = data.type ?? current?.type;
    const options = "options" in data ? data.options : current?.options;
    if (!CHOICE_TYPES.has(String(type)) || choices(options) >= 2) return;
    const attribute = ctx.t("resources.admAssignmentQst.fields.options");
    throw new AppError(-422, "validation.choices", 422, { attribute }, { errors: { options: ctx.t("validation.choices", { attribute }) } });
  },
};
