-- CreateTable
CREATE TABLE "PayerSplit" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "studentId" INTEGER NOT NULL,
    "relativeId" INTEGER NOT NULL,
    "percent" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PayerSplit_pkey" PRIMARY KEY ("studentId","relativeId")
);

-- CreateIndex
CREATE INDEX "PayerSplit_tenantId_studentId_idx" ON "PayerSplit"("tenantId", "studentId");

-- CreateIndex
CREATE INDEX "PayerSplit_tenantId_relativeId_idx" ON "PayerSplit"("tenantId", "relativeId");

-- AddForeignKey
ALTER TABLE "PayerSplit" ADD CONSTRAINT "PayerSplit_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayerSplit" ADD CONSTRAINT "PayerSplit_studentId_relativeId_fkey" FOREIGN KEY ("studentId", "relativeId") REFERENCES "Kinship"("studentId", "relativeId") ON DELETE CASCADE ON UPDATE CASCADE;

-- A guardian's share of a split is a whole percentage strictly between 0 and 100: a split is between two guardians.
ALTER TABLE "PayerSplit" ADD CONSTRAINT "PayerSplit_percent_range" CHECK ("percent" > 0 AND "percent" < 100);
