import type { TenantDb } from "@pizarra/db";

/** A period's (or a grade's exception's) online-grades settings (001 §3 "Period"). */
export interface GradesSettings {
  showGradesFrom: Date | null;
  showGradesOnline: boolean;
  showGradesOnlineMsg: string | null;
  showGradesPDFMsg: string | null;
}

/** A grade's (super section's) exception: it counts only while enabled (showGradesDefault). */
export interface GradesException extends GradesSettings {
  showGradesDefault: boolean;
}

export interface GradesVisibility {
  /** Families see the grades online. */
  online: boolean;
  /** From when grades are shown. */
  from: Date | null;
  onlineMsg: string | null;
  /** The notice printed on report cards while the grades are not final yet. */
  pdfMsg: string | null;
}

const text = (value: string | null) => (value?.trim() ? value.trim() : null);

/**
 * 001 §3 and §5: whether a student's grades of a period show online, and the messages that go with them. An enabled
 * exception of the student's grade replaces the period's settings (a date it leaves empty keeps the period's). Grades
 * show online when showGradesOnline is on and showGradesFrom has come; the PDF message holds only while showGradesFrom
 * is still in the future.
 */
export function gradesVisibility(period: GradesSettings, exception: GradesException | null, now: Date): GradesVisibility {
  const settings = exception?.showGradesDefault ? { ...exception, showGradesFrom: exception.showGradesFrom ?? period.showGradesFrom } : period;
  const from = settings.showGradesFrom;
  const future = from !== null && from.getTime() > now.getTime();
  return {
    online: settings.showGradesOnline && from !== null && !future,
    from,
    onlineMsg: text(settings.showGradesOnlineMsg),
    pdfMsg: future ? text(settings.showGradesPDFMsg) : null,
  };
}

/** The visibility of a grade's (super section's) grades in a period, from the period and the grade's exception. */
export async function visibilityOf(db: TenantDb, periodId: number, superSectionId: number, now = new Date()): Promise<GradesVisibility> {
  const [settings, exception] = await Promise.all([
    db.period.findFirstOrThrow({
      where: { id: periodId },
      select: { showGradesFrom: true, showGradesOnline: true, showGradesOnlineMsg: true, showGradesPDFMsg: true },
    }),
    db.periodException.findFirst({ where: { periodId, superSectionId } }),
  ]);
  return gradesVisibility(settings, exception, now);
}
