-- CreateTable
CREATE TABLE "ReportArtefact" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "storageKey" TEXT,
    "filename" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReportArtefact_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReportArtefact_tenantId_kind_subject_idx" ON "ReportArtefact"("tenantId", "kind", "subject");

-- CreateIndex
CREATE INDEX "ReportArtefact_tenantId_userId_createdAt_idx" ON "ReportArtefact"("tenantId", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "ReportArtefact_tenantId_expiresAt_idx" ON "ReportArtefact"("tenantId", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReportArtefact_tenantId_id_key" ON "ReportArtefact"("tenantId", "id");

-- AddForeignKey
ALTER TABLE "ReportArtefact" ADD CONSTRAINT "ReportArtefact_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;


