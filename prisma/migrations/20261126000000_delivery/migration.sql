-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "fallbackChannel" TEXT,
ADD COLUMN     "nextRunAt" TIMESTAMP(3),
ADD COLUMN     "run" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "urgent" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Tenant" ADD COLUMN     "quietFrom" INTEGER DEFAULT 1260,
ADD COLUMN     "quietTo" INTEGER DEFAULT 420,
ADD COLUMN     "supportEmail" TEXT,
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'America/Bogota';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "locale" TEXT;

-- CreateTable
CREATE TABLE "Message" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "key" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "sourceId" INTEGER,
    "notificationId" INTEGER,
    "run" INTEGER NOT NULL DEFAULT 0,
    "userId" INTEGER,
    "channel" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "replyTo" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'es',
    "subject" TEXT,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "template" JSONB,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "providerId" TEXT,
    "error" TEXT,
    "permanent" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "fallback" TEXT,
    "fallbackOf" INTEGER,
    "urgent" BOOLEAN NOT NULL DEFAULT false,
    "notBefore" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "deliveredAt" TIMESTAMP(3),
    "readAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InboundMessage" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "channel" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "userId" INTEGER,
    "kind" TEXT NOT NULL DEFAULT 'text',
    "text" TEXT,
    "payload" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InboundMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PushSubscription" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "userId" INTEGER NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "PushSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChannelOptOut" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "userId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "via" TEXT NOT NULL DEFAULT 'staff',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChannelOptOut_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Message_tenantId_notificationId_run_status_idx" ON "Message"("tenantId", "notificationId", "run", "status");

-- CreateIndex
CREATE INDEX "Message_tenantId_source_sourceId_idx" ON "Message"("tenantId", "source", "sourceId");

-- CreateIndex
CREATE INDEX "Message_tenantId_userId_idx" ON "Message"("tenantId", "userId");

-- CreateIndex
CREATE INDEX "Message_providerId_idx" ON "Message"("providerId");

-- CreateIndex
CREATE UNIQUE INDEX "Message_tenantId_id_key" ON "Message"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Message_tenantId_key_key" ON "Message"("tenantId", "key");

-- CreateIndex
CREATE INDEX "InboundMessage_tenantId_receivedAt_idx" ON "InboundMessage"("tenantId", "receivedAt" DESC);

-- CreateIndex
CREATE INDEX "InboundMessage_tenantId_fromAddress_idx" ON "InboundMessage"("tenantId", "fromAddress");

-- CreateIndex
CREATE UNIQUE INDEX "InboundMessage_tenantId_id_key" ON "InboundMessage"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "InboundMessage_channel_providerId_key" ON "InboundMessage"("channel", "providerId");

-- CreateIndex
CREATE INDEX "PushSubscription_tenantId_userId_idx" ON "PushSubscription"("tenantId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_tenantId_id_key" ON "PushSubscription"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_endpoint_key" ON "PushSubscription"("endpoint");

-- CreateIndex
CREATE UNIQUE INDEX "ChannelOptOut_tenantId_id_key" ON "ChannelOptOut"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ChannelOptOut_tenantId_userId_channel_key" ON "ChannelOptOut"("tenantId", "userId", "channel");

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_tenantId_notificationId_fkey" FOREIGN KEY ("tenantId", "notificationId") REFERENCES "Notification"("tenantId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "InboundMessage" ADD CONSTRAINT "InboundMessage_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ChannelOptOut" ADD CONSTRAINT "ChannelOptOut_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChannelOptOut" ADD CONSTRAINT "ChannelOptOut_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;


