-- CreateTable
CREATE TABLE "CatalogueValue" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "type" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdDate" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdByName" TEXT,
    "updatedDate" TIMESTAMP(3) NOT NULL,
    "updatedByName" TEXT,

    CONSTRAINT "CatalogueValue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AttendanceType" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "name" TEXT NOT NULL,
    "type" INTEGER NOT NULL,
    "notify" BOOLEAN NOT NULL DEFAULT false,
    "notifyDelay" INTEGER NOT NULL DEFAULT 0,
    "showInReports" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AttendanceType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InfirmaryValue" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "desc" TEXT NOT NULL,

    CONSTRAINT "InfirmaryValue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalendarDate" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "name" TEXT NOT NULL,
    "desc" TEXT,
    "from" TIMESTAMP(3) NOT NULL,
    "to" TIMESTAMP(3) NOT NULL,
    "noClasses" BOOLEAN NOT NULL DEFAULT false,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "onDemand" BOOLEAN NOT NULL DEFAULT false,
    "blocker" BOOLEAN NOT NULL DEFAULT false,
    "duration" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CalendarDate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LocalizationTemplate" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "templateId" TEXT,
    "name" TEXT NOT NULL,
    "content" TEXT,
    "contentHTML" TEXT,
    "contentMD" TEXT,
    "printParams" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LocalizationTemplate_pkey" PRIMARY KEY ("tenantId","id")
);

-- CreateTable
CREATE TABLE "AssignmentQuestion" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "desc" TEXT,
    "placeholder" TEXT,
    "options" TEXT,
    "nameEN" TEXT,
    "descEN" TEXT,
    "placeholderEN" TEXT,
    "optionsEN" TEXT,
    "correctAnswer" TEXT,
    "points" DECIMAL(7,2),
    "pointsNeg" DECIMAL(7,2),
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AssignmentQuestion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Category" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "name" TEXT NOT NULL,
    "nameEN" TEXT,
    "type" TEXT NOT NULL,

    CONSTRAINT "Category_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CatalogueValue_tenantId_type_label_idx" ON "CatalogueValue"("tenantId", "type", "label");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogueValue_tenantId_id_key" ON "CatalogueValue"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogueValue_tenantId_type_value_key" ON "CatalogueValue"("tenantId", "type", "value");

-- CreateIndex
CREATE INDEX "AttendanceType_tenantId_name_idx" ON "AttendanceType"("tenantId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "AttendanceType_tenantId_id_key" ON "AttendanceType"("tenantId", "id");

-- CreateIndex
CREATE INDEX "InfirmaryValue_tenantId_type_name_idx" ON "InfirmaryValue"("tenantId", "type", "name");

-- CreateIndex
CREATE UNIQUE INDEX "InfirmaryValue_tenantId_id_key" ON "InfirmaryValue"("tenantId", "id");

-- CreateIndex
CREATE INDEX "CalendarDate_tenantId_from_idx" ON "CalendarDate"("tenantId", "from" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "CalendarDate_tenantId_id_key" ON "CalendarDate"("tenantId", "id");

-- CreateIndex
CREATE INDEX "LocalizationTemplate_tenantId_type_name_idx" ON "LocalizationTemplate"("tenantId", "type", "name");

-- CreateIndex
CREATE INDEX "AssignmentQuestion_tenantId_name_idx" ON "AssignmentQuestion"("tenantId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "AssignmentQuestion_tenantId_id_key" ON "AssignmentQuestion"("tenantId", "id");

-- CreateIndex
CREATE INDEX "Category_tenantId_type_name_idx" ON "Category"("tenantId", "type", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Category_tenantId_id_key" ON "Category"("tenantId", "id");

-- AddForeignKey
ALTER TABLE "CatalogueValue" ADD CONSTRAINT "CatalogueValue_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceType" ADD CONSTRAINT "AttendanceType_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InfirmaryValue" ADD CONSTRAINT "InfirmaryValue_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalendarDate" ADD CONSTRAINT "CalendarDate_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LocalizationTemplate" ADD CONSTRAINT "LocalizationTemplate_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignmentQuestion" ADD CONSTRAINT "AssignmentQuestion_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Category" ADD CONSTRAINT "Category_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
