import type { TenantTx } from "@pizarra/db";

/**
 * What a notification can be about (002 §3 `page`), by the records it may point at (`objectId`): a publication, a
 * calendar activity, an attendance type or a flow (its sends, admFlowFetch). A general or payment notification points
 * at none.
 */
export const OBJECT_SOURCES: Readonly<Record<string, { resource: string; count(tx: TenantTx, id: number): Promise<number> }>> = {
  publication: { resource: "admPublication", count: (tx, id) => tx.publication.count({ where: { id } }) },
  calendar: { resource: "admActivity", count: (tx, id) => tx.calendarActivity.count({ where: { id } }) },
  attendance: { resource: "admAttendanceType", count: (tx, id) => tx.attendanceType.count({ where: { id } }) },
  fetch: { resource: "admFetch", count: (tx, id) => tx.flow.count({ where: { id } }) },
};
