import { ATTENDANCE_TEMPLATES, JUSTIFICATION_STATUS } from "@pizarra/contracts";
import { tenantOf, type TenantTx } from "@pizarra/db";
import { queueMessages } from "../../delivery/ledger.ts";
import { translator } from "../../i18n.ts";
import { familyDrafts } from "./family-notice.ts";
import { dayAs, nameAs, schoolStyle } from "./school-style.ts";

/** The ledger's `source` of the office's answers to justifications; `sourceId` is the justification. */
export const REVIEW_SOURCE = "justification";

/**
 * Tells the student's family that the office accepted or denied a justification, on the review's transaction (the
 * request only queues; the worker sends), naming the student and the days it covers.
 * Not urgent: an answer may wait for the end of the school's quiet hours. `reviewedAt` is in the key, so a decision
 * changed and taken again is told again, and a rerun of one never twice.
 */
export async function queueReviewNotice(
  tx: TenantTx,
  j: { id: number; userId: number; date: Date; tillDate: Date; status: number; reviewedAt: Date | null },
): Promise<number> {
  const decision = j.status === JUSTIFICATION_STATUS.accepted ? "accepted" : j.status === JUSTIFICATION_STATUS.denied ? "denied" : null;
  if (!decision) return 0;
  const [style, student] = await Promise.all([
    schoolStyle(tx, tenantOf(tx)),
    tx.user.findFirstOrThrow({ where: { id: j.userId }, select: { name: true, last: true, last2: true } }),
  ]);
  const drafts = await familyDrafts(tx, style, {
    source: REVIEW_SOURCE,
    sourceId: j.id,
    key: `${REVIEW_SOURCE}:${j.id}:${decision}:${j.reviewedAt?.getTime() ?? 0}`,
    studentId: j.userId,
    template: ATTENDANCE_TEMPLATES[decision],
    messages: `attendanceApi.review.${decision}`,
    urgent: false,
    values: async (_guardian, locale) => {
      const t = translator(locale);
      const from = dayAs(j.date, locale);
      return {
        student: nameAs(style, student),
        days: j.tillDate > j.date ? t("attendanceApi.review.range", { from, to: dayAs(j.tillDate, locale) }) : from,
      };
    },
  });
  await queueMessages(tx, drafts);
  return drafts.length;
}
