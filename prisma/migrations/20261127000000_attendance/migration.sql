-- Attendance (issue 15): registers by day (a section's, a subject part's, a group's), one mark per student per register, and absence justifications.
-- CreateTable
CREATE TABLE "AttendanceSession" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "day" DATE NOT NULL,
    "scope" TEXT NOT NULL,
    "sectionId" INTEGER,
    "partId" INTEGER,
    "groupId" INTEGER,
    "masterId" INTEGER,
    "startedAt" TIMESTAMP(3),
    "startedBy" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AttendanceSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AttendanceMark" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "sessionId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "typeId" INTEGER,
    "justification" INTEGER NOT NULL DEFAULT 0,
    "justificationId" INTEGER,
    "comment" TEXT,
    "markedAt" TIMESTAMP(3),
    "markedBy" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AttendanceMark_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Justification" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "userId" INTEGER NOT NULL,
    "attendanceTypeId" INTEGER,
    "kind" INTEGER NOT NULL DEFAULT 2,
    "date" DATE NOT NULL,
    "tillDate" DATE NOT NULL,
    "sessionId" INTEGER,
    "reason" TEXT NOT NULL,
    "comment" TEXT,
    "doc" TEXT,
    "docName" TEXT,
    "status" INTEGER NOT NULL DEFAULT 1,
    "via" TEXT NOT NULL DEFAULT 'staff',
    "createdBy" INTEGER,
    "createdByName" TEXT,
    "createdByEmail" TEXT,
    "createdByPhone" TEXT,
    "externalId" TEXT,
    "reviewedBy" INTEGER,
    "reviewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Justification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AttendanceSession_tenantId_masterId_day_idx" ON "AttendanceSession"("tenantId", "masterId", "day");

-- CreateIndex
CREATE INDEX "AttendanceSession_tenantId_sectionId_day_idx" ON "AttendanceSession"("tenantId", "sectionId", "day");

-- CreateIndex
CREATE INDEX "AttendanceSession_sectionId_idx" ON "AttendanceSession"("sectionId");

-- CreateIndex
CREATE INDEX "AttendanceSession_partId_idx" ON "AttendanceSession"("partId");

-- CreateIndex
CREATE INDEX "AttendanceSession_groupId_idx" ON "AttendanceSession"("groupId");

-- CreateIndex
CREATE UNIQUE INDEX "AttendanceSession_tenantId_id_key" ON "AttendanceSession"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "AttendanceSession_tenantId_day_scope_key" ON "AttendanceSession"("tenantId", "day", "scope");

-- CreateIndex
CREATE INDEX "AttendanceMark_tenantId_userId_idx" ON "AttendanceMark"("tenantId", "userId");

-- CreateIndex
CREATE INDEX "AttendanceMark_typeId_idx" ON "AttendanceMark"("typeId");

-- CreateIndex
CREATE INDEX "AttendanceMark_justificationId_idx" ON "AttendanceMark"("justificationId");

-- CreateIndex
CREATE UNIQUE INDEX "AttendanceMark_tenantId_id_key" ON "AttendanceMark"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "AttendanceMark_sessionId_userId_key" ON "AttendanceMark"("sessionId", "userId");

-- CreateIndex
CREATE INDEX "Justification_tenantId_date_idx" ON "Justification"("tenantId", "date");

-- CreateIndex
CREATE INDEX "Justification_tenantId_userId_date_idx" ON "Justification"("tenantId", "userId", "date");

-- CreateIndex
CREATE INDEX "Justification_attendanceTypeId_idx" ON "Justification"("attendanceTypeId");

-- CreateIndex
CREATE UNIQUE INDEX "Justification_tenantId_id_key" ON "Justification"("tenantId", "id");

-- AddForeignKey
ALTER TABLE "AttendanceSession" ADD CONSTRAINT "AttendanceSession_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceSession" ADD CONSTRAINT "AttendanceSession_tenantId_sectionId_fkey" FOREIGN KEY ("tenantId", "sectionId") REFERENCES "Section"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceSession" ADD CONSTRAINT "AttendanceSession_tenantId_partId_fkey" FOREIGN KEY ("tenantId", "partId") REFERENCES "ActivityPart"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceSession" ADD CONSTRAINT "AttendanceSession_tenantId_groupId_fkey" FOREIGN KEY ("tenantId", "groupId") REFERENCES "UserGroup"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceMark" ADD CONSTRAINT "AttendanceMark_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceMark" ADD CONSTRAINT "AttendanceMark_tenantId_sessionId_fkey" FOREIGN KEY ("tenantId", "sessionId") REFERENCES "AttendanceSession"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceMark" ADD CONSTRAINT "AttendanceMark_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceMark" ADD CONSTRAINT "AttendanceMark_tenantId_typeId_fkey" FOREIGN KEY ("tenantId", "typeId") REFERENCES "AttendanceType"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceMark" ADD CONSTRAINT "AttendanceMark_justificationId_fkey" FOREIGN KEY ("justificationId") REFERENCES "Justification"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Justification" ADD CONSTRAINT "Justification_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Justification" ADD CONSTRAINT "Justification_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Justification" ADD CONSTRAINT "Justification_tenantId_attendanceTypeId_fkey" FOREIGN KEY ("tenantId", "attendanceTypeId") REFERENCES "AttendanceType"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;



-- Absence alerts wait their type's delay as jobs of their own queue (the worker keeps its settings as in delivery/queue.ts).
SELECT pgboss.create_queue('attendance-alert', '{"policy":"standard","retryLimit":5,"retryDelay":30,"retryBackoff":true,"expireInSeconds":300}'::json);
