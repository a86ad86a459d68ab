-- CreateTable
CREATE TABLE "PhonePin" (
    "id" SERIAL NOT NULL,
    "phone" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "sealed" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'es',
    "accountId" INTEGER,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'queued',
    "channel" TEXT,
    "providerId" TEXT,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PhonePin_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateWindow" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "resetAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateWindow_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "PhonePin_phone_purpose_key" ON "PhonePin"("phone", "purpose");

-- PINs are sent by jobs of their own queue, which must exist before the first request queues one (the worker keeps its
-- settings as in modules/session/jobs.ts).
SELECT pgboss.create_queue('phone-pin', '{"policy":"standard","retryLimit":4,"retryDelay":5,"retryBackoff":true,"expireInSeconds":60}'::json);
