-- AlterTable
ALTER TABLE "UserGroup" ADD COLUMN     "categories" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- AlterTable
ALTER TABLE "UserGroupMember" DROP CONSTRAINT "UserGroupMember_pkey",
ADD COLUMN     "id" SERIAL NOT NULL,
ADD CONSTRAINT "UserGroupMember_pkey" PRIMARY KEY ("id");

-- CreateTable
CREATE TABLE "PickupException" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "userId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "pickupType" TEXT,
    "pickupExcepType" TEXT NOT NULL,
    "pickupExcepNote" TEXT,
    "pickupExcepTime" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PickupException_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Info" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "name" TEXT NOT NULL,
    "desc" TEXT,
    "body" TEXT,
    "nameEN" TEXT,
    "descEN" TEXT,
    "bodyEN" TEXT,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "publishFrom" TIMESTAMP(3),
    "publishTo" TIMESTAMP(3),
    "categoryId" INTEGER,
    "pinTop" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Info_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PickupException_tenantId_day_idx" ON "PickupException"("tenantId", "day");

-- CreateIndex
CREATE UNIQUE INDEX "PickupException_tenantId_id_key" ON "PickupException"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "PickupException_userId_day_key" ON "PickupException"("userId", "day");

-- CreateIndex
CREATE INDEX "Info_tenantId_pinTop_name_idx" ON "Info"("tenantId", "pinTop", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Info_tenantId_id_key" ON "Info"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "UserGroupMember_tenantId_id_key" ON "UserGroupMember"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "UserGroupMember_groupId_userId_key" ON "UserGroupMember"("groupId", "userId");

-- AddForeignKey
ALTER TABLE "PickupException" ADD CONSTRAINT "PickupException_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PickupException" ADD CONSTRAINT "PickupException_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Info" ADD CONSTRAINT "Info_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Info" ADD CONSTRAINT "Info_tenantId_categoryId_fkey" FOREIGN KEY ("tenantId", "categoryId") REFERENCES "Category"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;


