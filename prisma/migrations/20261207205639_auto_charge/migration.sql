-- CreateTable
CREATE TABLE "CardOnFile" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "guardianId" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "paymentMethodId" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "expMonth" INTEGER NOT NULL,
    "expYear" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CardOnFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutoChargeRun" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "date" DATE NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AutoChargeRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutoChargeAttempt" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "runId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "curr" TEXT NOT NULL,
    "cardId" INTEGER,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "providerIntent" TEXT,
    "reason" TEXT,
    "message" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AutoChargeAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CardOnFile_tenantId_id_key" ON "CardOnFile"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CardOnFile_tenantId_guardianId_provider_key" ON "CardOnFile"("tenantId", "guardianId", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "AutoChargeRun_tenantId_id_key" ON "AutoChargeRun"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "AutoChargeRun_tenantId_date_key" ON "AutoChargeRun"("tenantId", "date");

-- CreateIndex
CREATE INDEX "AutoChargeAttempt_tenantId_runId_status_idx" ON "AutoChargeAttempt"("tenantId", "runId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "AutoChargeAttempt_tenantId_id_key" ON "AutoChargeAttempt"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "AutoChargeAttempt_tenantId_orderId_date_key" ON "AutoChargeAttempt"("tenantId", "orderId", "date");

-- AddForeignKey
ALTER TABLE "CardOnFile" ADD CONSTRAINT "CardOnFile_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardOnFile" ADD CONSTRAINT "CardOnFile_tenantId_guardianId_fkey" FOREIGN KEY ("tenantId", "guardianId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutoChargeRun" ADD CONSTRAINT "AutoChargeRun_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutoChargeAttempt" ADD CONSTRAINT "AutoChargeAttempt_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutoChargeAttempt" ADD CONSTRAINT "AutoChargeAttempt_tenantId_runId_fkey" FOREIGN KEY ("tenantId", "runId") REFERENCES "AutoChargeRun"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutoChargeAttempt" ADD CONSTRAINT "AutoChargeAttempt_tenantId_orderId_fkey" FOREIGN KEY ("tenantId", "orderId") REFERENCES "Order"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
