import type { ResourceServer } from "../../resource/factory.ts";

/** The ways a child goes home are the school's admOtlt values of this type (code → label). */
export const PICKUP_TYPE = "pickupType";

type Decorate = NonNullable<ResourceServer["decorate"]>;

/** admTransport rows: the usual and the exceptional way home by the school's own names, for a page in one query. */
export const pickupNames: Decorate = async (db, rows) => {
  const codes = [...new Set(rows.flatMap((r) => [r.pickupType, r.pickupExcepType]).filter((v): v is string => typeof v === "string"))];
  const values = codes.length
    ? await db.catalogueValue.findMany({ where: { type: PICKUP_TYPE, value: { in: codes } }, select: { value: true, label: true } })
    : [];
  const labels = new Map(values.map((v) => [v.value, v.label]));
  for (const row of rows) {
    row.pickupTypeName = labels.get(row.pickupType as string) ?? row.pickupType ?? null;
    row.pickupExcepTypeName = labels.get(row.pickupExcepType as string) ?? row.pickupExcepType ?? null;
    delete row.pickupType;
    delete row.pickupExcepType;
  }
};
