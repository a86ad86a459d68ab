-- The office's "who is missing" view reads a day's marks that are not "present" (pending, late, absent): a small
-- share of millions of marks. A partial index (which the Prisma schema cannot express) keeps that read to the few.
CREATE INDEX "AttendanceMark_open_idx" ON "AttendanceMark" ("sessionId", "status") WHERE "status" <> 1;
