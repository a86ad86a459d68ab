-- AlterTable
ALTER TABLE "User" ADD COLUMN     "address" TEXT,
ADD COLUMN     "birthday" DATE,
ADD COLUMN     "birthplace" TEXT,
ADD COLUMN     "city" TEXT,
ADD COLUMN     "consentEmail" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "consentImagesAuth" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "country" TEXT,
ADD COLUMN     "district" TEXT,
ADD COLUMN     "documentname" TEXT,
ADD COLUMN     "documentnumber" TEXT,
ADD COLUMN     "documenttype" TEXT,
ADD COLUMN     "education" TEXT,
ADD COLUMN     "email2" TEXT,
ADD COLUMN     "enrolled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "familyPast" TEXT,
ADD COLUMN     "homephone" TEXT,
ADD COLUMN     "house" TEXT,
ADD COLUMN     "jobrole" TEXT,
ADD COLUMN     "language" TEXT,
ADD COLUMN     "legalwith" TEXT,
ADD COLUMN     "livewith" TEXT,
ADD COLUMN     "maritalstatus" TEXT,
ADD COLUMN     "natId" TEXT,
ADD COLUMN     "nationality" TEXT,
ADD COLUMN     "occupation" TEXT,
ADD COLUMN     "profession" TEXT,
ADD COLUMN     "religion" TEXT,
ADD COLUMN     "rip" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "state" TEXT,
ADD COLUMN     "status" INTEGER,
ADD COLUMN     "work" TEXT,
ADD COLUMN     "workAddress" TEXT,
ADD COLUMN     "workCountry" TEXT,
ADD COLUMN     "workphone" TEXT;

-- CreateTable
CREATE TABLE "SectionMember" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "sectionId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SectionMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Activity" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "periodId" INTEGER NOT NULL,
    "categoryId" INTEGER,
    "name" TEXT NOT NULL,
    "owner" INTEGER,
    "type" INTEGER NOT NULL DEFAULT 0,
    "qualifications" TEXT NOT NULL DEFAULT 'AD,A,A,B,B,C,C,C,C',
    "minToPass" TEXT,
    "minToPassNum" INTEGER,
    "calcAverage" BOOLEAN NOT NULL DEFAULT true,
    "isAcademic" BOOLEAN NOT NULL DEFAULT true,
    "canEnterEval" BOOLEAN NOT NULL DEFAULT true,
    "hasGrades" BOOLEAN NOT NULL DEFAULT true,
    "hasBehavior" BOOLEAN NOT NULL DEFAULT false,
    "superSections" INTEGER[],
    "groups" INTEGER[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Activity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivityPart" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "activityId" INTEGER NOT NULL,
    "sectionId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "masterId" INTEGER,

    CONSTRAINT "ActivityPart_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivityMaster" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "activityId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "role" TEXT,
    "alterType" INTEGER NOT NULL DEFAULT 5,

    CONSTRAINT "ActivityMaster_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Kinship" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "studentId" INTEGER NOT NULL,
    "relativeId" INTEGER NOT NULL,
    "userKind" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Kinship_pkey" PRIMARY KEY ("studentId","relativeId")
);

-- CreateIndex
CREATE INDEX "SectionMember_tenantId_userId_idx" ON "SectionMember"("tenantId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "SectionMember_tenantId_id_key" ON "SectionMember"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SectionMember_sectionId_userId_key" ON "SectionMember"("sectionId", "userId");

-- CreateIndex
CREATE INDEX "Activity_tenantId_periodId_name_idx" ON "Activity"("tenantId", "periodId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Activity_tenantId_id_key" ON "Activity"("tenantId", "id");

-- CreateIndex
CREATE INDEX "ActivityPart_tenantId_activityId_idx" ON "ActivityPart"("tenantId", "activityId");

-- CreateIndex
CREATE INDEX "ActivityPart_tenantId_masterId_idx" ON "ActivityPart"("tenantId", "masterId");

-- CreateIndex
CREATE UNIQUE INDEX "ActivityPart_tenantId_id_key" ON "ActivityPart"("tenantId", "id");

-- CreateIndex
CREATE INDEX "ActivityMaster_tenantId_userId_idx" ON "ActivityMaster"("tenantId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ActivityMaster_tenantId_id_key" ON "ActivityMaster"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ActivityMaster_activityId_userId_key" ON "ActivityMaster"("activityId", "userId");

-- CreateIndex
CREATE INDEX "Kinship_tenantId_relativeId_idx" ON "Kinship"("tenantId", "relativeId");

-- CreateIndex
CREATE INDEX "User_tenantId_type_externalId_idx" ON "User"("tenantId", "type", "externalId");

-- AddForeignKey
ALTER TABLE "SectionMember" ADD CONSTRAINT "SectionMember_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SectionMember" ADD CONSTRAINT "SectionMember_tenantId_sectionId_fkey" FOREIGN KEY ("tenantId", "sectionId") REFERENCES "Section"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SectionMember" ADD CONSTRAINT "SectionMember_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Activity" ADD CONSTRAINT "Activity_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Activity" ADD CONSTRAINT "Activity_tenantId_periodId_fkey" FOREIGN KEY ("tenantId", "periodId") REFERENCES "Period"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityPart" ADD CONSTRAINT "ActivityPart_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityPart" ADD CONSTRAINT "ActivityPart_tenantId_activityId_fkey" FOREIGN KEY ("tenantId", "activityId") REFERENCES "Activity"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityPart" ADD CONSTRAINT "ActivityPart_tenantId_sectionId_fkey" FOREIGN KEY ("tenantId", "sectionId") REFERENCES "Section"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityMaster" ADD CONSTRAINT "ActivityMaster_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityMaster" ADD CONSTRAINT "ActivityMaster_tenantId_activityId_fkey" FOREIGN KEY ("tenantId", "activityId") REFERENCES "Activity"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityMaster" ADD CONSTRAINT "ActivityMaster_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Kinship" ADD CONSTRAINT "Kinship_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Kinship" ADD CONSTRAINT "Kinship_tenantId_studentId_fkey" FOREIGN KEY ("tenantId", "studentId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Kinship" ADD CONSTRAINT "Kinship_tenantId_relativeId_fkey" FOREIGN KEY ("tenantId", "relativeId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
