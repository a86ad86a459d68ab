import { expect } from "vitest";
import type { apiHarness } from "./harness.ts";

type Api = ReturnType<typeof apiHarness>;

/**
 * The orders the online-payment tests pay (one per provider's file): a new unpaid order of one line for a student of
 * the demo school (a page of students of each file's own, so that files never share a student's orders), and what
 * the ledger holds for it.
 */
export function billingOrders(api: Api, { page, prefix, brief, dueDate }: { page: number; prefix: string; brief: string; dueDate: string }) {
  let serial = 0;
  async function newOrder(token: string, amount: string): Promise<number> {
    const student = (await api.rows(`admStudent/get?PageSize=1&page=${page}`))[0]!;
    const post = <T>(path: string, body: Record<string, unknown>) => api.call<T>("POST", path, { token, body });
    const created = await post<{ ID: number }>("admOrder/create", {
      easyId: `${prefix}-${++serial}-${Date.now() % 100000}`,
      externalId: student.externalId,
      brief,
      dueDate,
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    const line = await post(`admOrder/detail/create?parentId=${created.body.data.ID}`, { item: "Pensión", quantity: 1, amount });
    expect(line.body.status, JSON.stringify(line.body)).toBe(0);
    return created.body.data.ID;
  }
  async function ledgerOf(orderId: number) {
    const { db } = await api.school();
    const [order, payments, receipts] = await Promise.all([
      db.order.findFirstOrThrow({ where: { id: orderId }, select: { status: true, paid: true } }),
      db.payment.findMany({ where: { orderId }, orderBy: { id: "asc" } }),
      db.receipt.findMany({ where: { orderId }, orderBy: { id: "asc" } }),
    ]);
    return { order, payments, receipts };
  }
  return { newOrder, ledgerOf };
}
