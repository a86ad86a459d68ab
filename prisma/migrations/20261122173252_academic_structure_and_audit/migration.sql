-- CreateTable
CREATE TABLE "Period" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "from" DATE NOT NULL,
    "to" DATE NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "current" BOOLEAN NOT NULL DEFAULT false,
    "closed" BOOLEAN NOT NULL DEFAULT false,
    "showGradesFrom" TIMESTAMP(3) NOT NULL,
    "showGradesOnline" BOOLEAN NOT NULL DEFAULT false,
    "showGradesOnlineMsg" TEXT,
    "showGradesPDFMsg" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Period_pkey" PRIMARY KEY ("tenantId","id")
);

-- CreateTable
CREATE TABLE "PeriodException" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "periodId" INTEGER NOT NULL,
    "superSectionId" INTEGER NOT NULL,
    "showGradesDefault" BOOLEAN NOT NULL DEFAULT true,
    "showGradesFrom" TIMESTAMP(3),
    "showGradesOnline" BOOLEAN NOT NULL DEFAULT false,
    "showGradesOnlineMsg" TEXT,
    "showGradesPDFMsg" TEXT,

    CONSTRAINT "PeriodException_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SuperSection" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "periodId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "owner" INTEGER,
    "superowner" INTEGER,
    "groupBy" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SuperSection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Section" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "superSectionId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "desc" TEXT,
    "color" TEXT,
    "maxMembers" INTEGER,
    "externalId" TEXT,
    "owner" INTEGER,
    "entranceTime" TEXT,
    "leaveTime" TEXT,
    "entranceGate" TEXT,
    "leaveGate" TEXT,
    "sync" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Section_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" BIGSERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "userId" INTEGER,
    "userName" TEXT NOT NULL,
    "moduleId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "recordId" TEXT,
    "ip" TEXT,
    "date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PeriodException_tenantId_id_key" ON "PeriodException"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "PeriodException_tenantId_periodId_superSectionId_key" ON "PeriodException"("tenantId", "periodId", "superSectionId");

-- CreateIndex
CREATE INDEX "SuperSection_tenantId_periodId_sort_idx" ON "SuperSection"("tenantId", "periodId", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "SuperSection_tenantId_id_key" ON "SuperSection"("tenantId", "id");

-- CreateIndex
CREATE INDEX "Section_tenantId_superSectionId_name_idx" ON "Section"("tenantId", "superSectionId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Section_tenantId_id_key" ON "Section"("tenantId", "id");

-- CreateIndex
CREATE INDEX "AuditLog_tenantId_date_idx" ON "AuditLog"("tenantId", "date" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_tenantId_moduleId_date_idx" ON "AuditLog"("tenantId", "moduleId", "date" DESC);

-- AddForeignKey
ALTER TABLE "Period" ADD CONSTRAINT "Period_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PeriodException" ADD CONSTRAINT "PeriodException_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PeriodException" ADD CONSTRAINT "PeriodException_tenantId_periodId_fkey" FOREIGN KEY ("tenantId", "periodId") REFERENCES "Period"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PeriodException" ADD CONSTRAINT "PeriodException_tenantId_superSectionId_fkey" FOREIGN KEY ("tenantId", "superSectionId") REFERENCES "SuperSection"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SuperSection" ADD CONSTRAINT "SuperSection_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SuperSection" ADD CONSTRAINT "SuperSection_tenantId_periodId_fkey" FOREIGN KEY ("tenantId", "periodId") REFERENCES "Period"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Section" ADD CONSTRAINT "Section_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Section" ADD CONSTRAINT "Section_tenantId_superSectionId_fkey" FOREIGN KEY ("tenantId", "superSectionId") REFERENCES "SuperSection"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
