-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "detail" JSONB;

-- AlterTable
ALTER TABLE "Receipt" ADD COLUMN     "number" INTEGER,
ADD COLUMN     "paymentId" INTEGER,
ADD COLUMN     "series" TEXT;

-- CreateTable
CREATE TABLE "Payment" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "orderId" INTEGER NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "receiptAmount" DECIMAL(12,2) NOT NULL,
    "penalty" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "date" DATE NOT NULL,
    "type" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "card" TEXT,
    "operation" TEXT,
    "note" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 1,
    "provider" TEXT,
    "providerPaymentId" TEXT,
    "registeredById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Refund" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "orderId" INTEGER NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "note" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "registeredById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReceiptSeries" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "series" TEXT NOT NULL,
    "next" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ReceiptSeries_pkey" PRIMARY KEY ("tenantId","series")
);

-- CreateIndex
CREATE INDEX "Payment_tenantId_orderId_idx" ON "Payment"("tenantId", "orderId");

-- CreateIndex
CREATE INDEX "Payment_tenantId_date_idx" ON "Payment"("tenantId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_tenantId_id_key" ON "Payment"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_provider_providerPaymentId_key" ON "Payment"("provider", "providerPaymentId");

-- CreateIndex
CREATE INDEX "Refund_tenantId_orderId_idx" ON "Refund"("tenantId", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_tenantId_id_key" ON "Refund"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_tenantId_paymentId_key" ON "Receipt"("tenantId", "paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_tenantId_series_number_key" ON "Receipt"("tenantId", "series", "number");

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_tenantId_paymentId_fkey" FOREIGN KEY ("tenantId", "paymentId") REFERENCES "Payment"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_tenantId_orderId_fkey" FOREIGN KEY ("tenantId", "orderId") REFERENCES "Order"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_tenantId_orderId_fkey" FOREIGN KEY ("tenantId", "orderId") REFERENCES "Order"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReceiptSeries" ADD CONSTRAINT "ReceiptSeries_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The receipts written before payments were kept take their series and number from what they print (R001-000123),
-- and each series' counter continues after its last number, so the next receipt neither repeats nor skips one.
UPDATE "Receipt" SET series = substring("refId" from '^([A-Za-z0-9]+)-[0-9]+$'), number = substring("refId" from '^[A-Za-z0-9]+-([0-9]+)$')::int
 WHERE "refId" ~ '^[A-Za-z0-9]+-[0-9]{1,9}$';
INSERT INTO "ReceiptSeries" ("tenantId", series, next)
SELECT "tenantId", series, max(number) + 1 FROM "Receipt" WHERE series IS NOT NULL GROUP BY "tenantId", series;
