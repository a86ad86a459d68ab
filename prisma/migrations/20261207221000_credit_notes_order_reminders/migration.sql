-- AlterTable
ALTER TABLE "Receipt" ADD COLUMN     "creditOfId" INTEGER;

-- CreateTable
CREATE TABLE "OrderReminder" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "orderId" INTEGER NOT NULL,
    "step" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderReminder_pkey" PRIMARY KEY ("tenantId","orderId","step")
);

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_tenantId_creditOfId_key" ON "Receipt"("tenantId", "creditOfId");

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_tenantId_creditOfId_fkey" FOREIGN KEY ("tenantId", "creditOfId") REFERENCES "Receipt"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderReminder" ADD CONSTRAINT "OrderReminder_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderReminder" ADD CONSTRAINT "OrderReminder_tenantId_orderId_fkey" FOREIGN KEY ("tenantId", "orderId") REFERENCES "Order"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

