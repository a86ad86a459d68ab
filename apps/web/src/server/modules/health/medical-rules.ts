import { labelKeyOf, RESOURCES, PERSON_TYPE } from "@pizarra/contracts";
import type { Prisma, TenantTx } from "@pizarra/db";
import { fieldRefusal, notFound, validationRefusal } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import type { ResourceRules } from "../../resource/factory.ts";

type Row = Record<string, unknown>;
const def = RESOURCES["admInfirmary/patients"];
const label = labelKeyOf(def);
const REQUIRED = def.fields.filter((f) => f.rules?.required).map((f) => f.name);

const required = (ctx: AuthedContext, field: string) => ctx.t("validation.required", { attribute: ctx.t(label(field)) });

/**
 * There is no create (002 §2): a student's first edit makes their record, so it must bring every required value
 * (002 §5), and only a student of this school gets one.
 */
async function openRecord(tx: TenantTx, id: number, data: Row, ctx: AuthedContext): Promise<void> {
  if (!(await tx.user.findFirst({ where: { id, type: PERSON_TYPE.student }, select: { id: true } }))) throw notFound();
  const missing = REQUIRED.filter((name) => data[name] === undefined || data[name] === null);
  if (missing.length) throw validationRefusal(Object.fromEntries(missing.map((name) => [name, required(ctx, name)])));
  await tx.medicalRecord.create({ data: { ...data, id } as Prisma.MedicalRecordUncheckedCreateInput });
}

/**
 * 002 §5: the allergy list is required when the student is allergic. A list that no longer applies is dropped: the
 * allergies of a student who is not allergic, the missing vaccines of a complete schedule.
 */
export const medicalRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const key = Number(id);
    const stored = await tx.medicalRecord.findFirst({ where: { id: key }, select: { med_allergies: true, med_allergiesList: true, med_vaccines: true } });
    const allergic = (data.med_allergies ?? stored?.med_allergies ?? false) as boolean;
    const list = data.med_allergiesList === undefined ? stored?.med_allergiesList : data.med_allergiesList;
    if (allergic && !list) throw fieldRefusal("med_allergiesList", required(ctx, "med_allergiesList"));
    if (!allergic) data.med_allergiesList = null;
    if (data.med_vaccines ?? stored?.med_vaccines) data.med_vaccinesNo = null;
    if (!stored) await openRecord(tx, key, data, ctx);
  },
};
