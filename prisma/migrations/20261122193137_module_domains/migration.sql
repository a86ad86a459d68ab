-- CreateTable
CREATE TABLE "Order" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "easyId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "studentId" INTEGER NOT NULL,
    "curr" TEXT NOT NULL DEFAULT 'PEN',
    "total" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "paid" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "status" INTEGER NOT NULL DEFAULT 0,
    "brief" TEXT NOT NULL,
    "dueDate" DATE NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "hasPenalty" BOOLEAN NOT NULL DEFAULT false,
    "principalName" TEXT,
    "dependantName" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderDetail" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "orderId" INTEGER NOT NULL,
    "item" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "amount" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "OrderDetail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Receipt" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "type" INTEGER NOT NULL DEFAULT 0,
    "date" DATE NOT NULL,
    "refId" TEXT NOT NULL,
    "datePaid" DATE,
    "dueDate" DATE,
    "principalName" TEXT,
    "doc" TEXT,
    "dependantName" TEXT,
    "dependantCode" TEXT,
    "dependantDoc" TEXT,
    "sectionTag" TEXT,
    "brief" TEXT NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "curr" TEXT NOT NULL DEFAULT 'PEN',
    "code" INTEGER,
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "voided" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "orderId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Receipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tracking" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "type" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "periodId" INTEGER NOT NULL,
    "superSectionId" INTEGER NOT NULL,
    "sectionId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "masterId" INTEGER NOT NULL,
    "dateFrom" DATE NOT NULL,
    "dateTo" DATE,
    "dueDate" DATE,
    "values1" TEXT[],
    "values2" TEXT[],
    "note1" TEXT,
    "note2" TEXT,
    "note3" TEXT,
    "note4" TEXT,
    "note5" TEXT,
    "note6" TEXT,
    "negative" BOOLEAN NOT NULL DEFAULT false,
    "online" BOOLEAN NOT NULL DEFAULT false,
    "notify" BOOLEAN NOT NULL DEFAULT false,
    "notifOn" TIMESTAMP(3),
    "readOn" TIMESTAMP(3),
    "flag1" BOOLEAN NOT NULL DEFAULT false,
    "flag2" BOOLEAN NOT NULL DEFAULT false,
    "file1" TEXT,
    "file2" TEXT,
    "file3" TEXT,
    "files" TEXT,
    "createdByName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tracking_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Booking" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "resourceId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "trackingId" INTEGER,
    "participants" INTEGER[],
    "dtDate" TIMESTAMP(3) NOT NULL,
    "dtEndDate" TIMESTAMP(3) NOT NULL,
    "notes" TEXT,
    "notesCompleted" TEXT,
    "completed" BOOLEAN NOT NULL DEFAULT false,
    "status" INTEGER NOT NULL DEFAULT 0,
    "createdByName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Booking_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BookingResource" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "name" TEXT NOT NULL,
    "desc" TEXT,
    "userId" INTEGER,
    "duration" INTEGER NOT NULL DEFAULT 20,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BookingResource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Flow" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "internalName" TEXT,
    "desc" TEXT,
    "prompt" TEXT,
    "tags" TEXT NOT NULL,
    "recipientType" INTEGER NOT NULL DEFAULT 1,
    "groupId" INTEGER,
    "maxCollections" INTEGER NOT NULL DEFAULT 100,
    "url" TEXT,
    "msgNotAvailable" TEXT,
    "isPublic" BOOLEAN NOT NULL DEFAULT false,
    "allowMultiple" BOOLEAN NOT NULL DEFAULT false,
    "isLive" BOOLEAN NOT NULL DEFAULT false,
    "requireOptIn" BOOLEAN NOT NULL DEFAULT false,
    "scheduled" BOOLEAN NOT NULL DEFAULT false,
    "activeFrom" TIMESTAMP(3),
    "activeTo" TIMESTAMP(3),
    "triggerType" TEXT NOT NULL DEFAULT 'manual',
    "forDate" TIMESTAMP(3),
    "attachment" TEXT,
    "followupDefaultDelay" INTEGER NOT NULL DEFAULT 2,
    "followupUnit" TEXT NOT NULL DEFAULT 'hours',
    "followupMaxTotal" INTEGER NOT NULL DEFAULT 5,
    "followupBudget" INTEGER NOT NULL DEFAULT 100,
    "followupStopOnEngagement" BOOLEAN NOT NULL DEFAULT false,
    "apiMethod" TEXT,
    "apiEndpoint" TEXT,
    "apiAuthheader" TEXT,
    "apiAuthKey" TEXT,
    "apiBody" TEXT,
    "apiResponseMap" TEXT,
    "sendStatus" INTEGER NOT NULL DEFAULT 0,
    "target" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "seen" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Flow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowInput" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "fectchId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "desc" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "options" TEXT,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "optional" BOOLEAN NOT NULL DEFAULT false,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "fieldType" TEXT NOT NULL DEFAULT 'input',
    "affects" TEXT,
    "apiMethod" TEXT,
    "apiEndpoint" TEXT,
    "apiAuthheader" TEXT,
    "apiAuthKey" TEXT,
    "apiBody" TEXT,
    "apiResponseMap" TEXT,
    "order" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowInput_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowResponse" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "fetchId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "dateCompleted" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FlowResponse_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowAnswer" (
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "responseId" INTEGER NOT NULL,
    "inputId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "FlowAnswer_pkey" PRIMARY KEY ("responseId","inputId")
);

-- CreateTable
CREATE TABLE "InfirmaryEntry" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "userId" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "timeIn" TEXT NOT NULL,
    "timeOut" TEXT NOT NULL,
    "symptomId" INTEGER,
    "desc" TEXT,
    "arrivedFrom" TEXT,
    "outcomeId" INTEGER,
    "departedTo" TEXT,
    "photo1" TEXT,
    "photo2" TEXT,
    "photo3" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InfirmaryEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MedicalRecord" (
    "id" INTEGER NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "med_height" DECIMAL(4,1) NOT NULL,
    "med_weight" DECIMAL(4,1) NOT NULL,
    "med_blood" TEXT NOT NULL,
    "med_vaccines" BOOLEAN NOT NULL DEFAULT false,
    "med_vaccinesNo" TEXT,
    "med_allergies" BOOLEAN NOT NULL DEFAULT false,
    "med_allergiesList" TEXT,
    "med_insurance" TEXT NOT NULL,
    "med_policy" TEXT NOT NULL,
    "med_prefHospital" TEXT NOT NULL,
    "med_physicalCharacteristics" TEXT NOT NULL,
    "contact1" TEXT,
    "contact2" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MedicalRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Publication" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "name" TEXT NOT NULL,
    "categoryId" INTEGER,
    "img1" TEXT,
    "img2" TEXT,
    "img3" TEXT,
    "desc" TEXT,
    "body" TEXT,
    "nameEN" TEXT,
    "descEN" TEXT,
    "bodyEN" TEXT,
    "by" TEXT,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "publishFrom" TIMESTAMP(3),
    "publishTo" TIMESTAMP(3),
    "pinTop" BOOLEAN NOT NULL DEFAULT false,
    "superSections" INTEGER[],
    "sections" INTEGER[],
    "accessPrincipal" BOOLEAN NOT NULL DEFAULT true,
    "accessDependant" BOOLEAN NOT NULL DEFAULT false,
    "accessMaster" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Publication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PublicationPart" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "publicationId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameEN" TEXT,
    "body" TEXT,
    "bodyEN" TEXT,
    "img" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PublicationPart_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalendarActivity" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "name" TEXT NOT NULL,
    "nameEN" TEXT,
    "desc" TEXT,
    "descEN" TEXT,
    "img" TEXT,
    "locationTxt" TEXT,
    "hasDate" BOOLEAN NOT NULL DEFAULT true,
    "startDate" TIMESTAMP(3),
    "endDate" TIMESTAMP(3),
    "categoryId" INTEGER,
    "owner" INTEGER,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "publishFrom" TIMESTAMP(3),
    "publishTo" TIMESTAMP(3),
    "superSections" INTEGER[],
    "sections" INTEGER[],
    "accessPrincipal" BOOLEAN NOT NULL DEFAULT true,
    "accessDependant" BOOLEAN NOT NULL DEFAULT false,
    "accessMaster" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CalendarActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "name" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "sendOn" TIMESTAMP(3) NOT NULL,
    "hasRecurrence" BOOLEAN NOT NULL DEFAULT false,
    "recurrencePattern" TEXT,
    "recurrenceDays" INTEGER[],
    "recurrenceMonths" INTEGER[],
    "recurrenceEndDate" DATE,
    "recurrence" TEXT,
    "doWA" BOOLEAN NOT NULL DEFAULT false,
    "doWATemplate" TEXT,
    "placeholders" TEXT,
    "doMail" BOOLEAN NOT NULL DEFAULT false,
    "doPush" BOOLEAN NOT NULL DEFAULT false,
    "title" TEXT,
    "content" TEXT,
    "body" TEXT,
    "art" TEXT,
    "sendTo" INTEGER NOT NULL DEFAULT 0,
    "filterBy" TEXT,
    "sectionIds" INTEGER[],
    "userIds" INTEGER[],
    "principalUserIds" INTEGER[],
    "recipientType" INTEGER,
    "groupId" INTEGER,
    "page" TEXT NOT NULL DEFAULT 'general',
    "objectId" INTEGER,
    "total" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "read" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "scheduledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Order_tenantId_status_dueDate_idx" ON "Order"("tenantId", "status", "dueDate");

-- CreateIndex
CREATE INDEX "Order_tenantId_studentId_idx" ON "Order"("tenantId", "studentId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_tenantId_id_key" ON "Order"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Order_tenantId_easyId_key" ON "Order"("tenantId", "easyId");

-- CreateIndex
CREATE INDEX "OrderDetail_tenantId_orderId_idx" ON "OrderDetail"("tenantId", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderDetail_tenantId_id_key" ON "OrderDetail"("tenantId", "id");

-- CreateIndex
CREATE INDEX "Receipt_tenantId_date_idx" ON "Receipt"("tenantId", "date");

-- CreateIndex
CREATE INDEX "Receipt_tenantId_studentId_idx" ON "Receipt"("tenantId", "studentId");

-- CreateIndex
CREATE INDEX "Receipt_tenantId_orderId_idx" ON "Receipt"("tenantId", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_tenantId_id_key" ON "Receipt"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_tenantId_refId_key" ON "Receipt"("tenantId", "refId");

-- CreateIndex
CREATE INDEX "Tracking_tenantId_type_dateFrom_idx" ON "Tracking"("tenantId", "type", "dateFrom" DESC);

-- CreateIndex
CREATE INDEX "Tracking_tenantId_userId_idx" ON "Tracking"("tenantId", "userId");

-- CreateIndex
CREATE INDEX "Tracking_tenantId_masterId_idx" ON "Tracking"("tenantId", "masterId");

-- CreateIndex
CREATE UNIQUE INDEX "Tracking_tenantId_id_key" ON "Tracking"("tenantId", "id");

-- CreateIndex
CREATE INDEX "Booking_tenantId_dtDate_idx" ON "Booking"("tenantId", "dtDate" DESC);

-- CreateIndex
CREATE INDEX "Booking_tenantId_resourceId_dtDate_idx" ON "Booking"("tenantId", "resourceId", "dtDate");

-- CreateIndex
CREATE INDEX "Booking_tenantId_userId_idx" ON "Booking"("tenantId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Booking_tenantId_id_key" ON "Booking"("tenantId", "id");

-- CreateIndex
CREATE INDEX "BookingResource_tenantId_name_idx" ON "BookingResource"("tenantId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "BookingResource_tenantId_id_key" ON "BookingResource"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "BookingResource_tenantId_userId_key" ON "BookingResource"("tenantId", "userId");

-- CreateIndex
CREATE INDEX "Flow_tenantId_sendStatus_idx" ON "Flow"("tenantId", "sendStatus");

-- CreateIndex
CREATE UNIQUE INDEX "Flow_tenantId_id_key" ON "Flow"("tenantId", "id");

-- CreateIndex
CREATE INDEX "FlowInput_tenantId_fectchId_order_idx" ON "FlowInput"("tenantId", "fectchId", "order");

-- CreateIndex
CREATE UNIQUE INDEX "FlowInput_tenantId_id_key" ON "FlowInput"("tenantId", "id");

-- CreateIndex
CREATE INDEX "FlowResponse_tenantId_fetchId_dateCompleted_idx" ON "FlowResponse"("tenantId", "fetchId", "dateCompleted");

-- CreateIndex
CREATE INDEX "FlowResponse_tenantId_userId_idx" ON "FlowResponse"("tenantId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "FlowResponse_tenantId_id_key" ON "FlowResponse"("tenantId", "id");

-- CreateIndex
CREATE INDEX "FlowAnswer_tenantId_inputId_idx" ON "FlowAnswer"("tenantId", "inputId");

-- CreateIndex
CREATE INDEX "InfirmaryEntry_tenantId_date_idx" ON "InfirmaryEntry"("tenantId", "date");

-- CreateIndex
CREATE INDEX "InfirmaryEntry_tenantId_userId_idx" ON "InfirmaryEntry"("tenantId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "InfirmaryEntry_tenantId_id_key" ON "InfirmaryEntry"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "MedicalRecord_tenantId_id_key" ON "MedicalRecord"("tenantId", "id");

-- CreateIndex
CREATE INDEX "Publication_tenantId_pinTop_publishFrom_idx" ON "Publication"("tenantId", "pinTop", "publishFrom" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Publication_tenantId_id_key" ON "Publication"("tenantId", "id");

-- CreateIndex
CREATE INDEX "PublicationPart_tenantId_publicationId_sort_idx" ON "PublicationPart"("tenantId", "publicationId", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "PublicationPart_tenantId_id_key" ON "PublicationPart"("tenantId", "id");

-- CreateIndex
CREATE INDEX "CalendarActivity_tenantId_startDate_idx" ON "CalendarActivity"("tenantId", "startDate" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "CalendarActivity_tenantId_id_key" ON "CalendarActivity"("tenantId", "id");

-- CreateIndex
CREATE INDEX "Notification_tenantId_sendOn_idx" ON "Notification"("tenantId", "sendOn" DESC);

-- CreateIndex
CREATE INDEX "Notification_tenantId_status_idx" ON "Notification"("tenantId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_tenantId_id_key" ON "Notification"("tenantId", "id");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_tenantId_studentId_fkey" FOREIGN KEY ("tenantId", "studentId") REFERENCES "User"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderDetail" ADD CONSTRAINT "OrderDetail_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderDetail" ADD CONSTRAINT "OrderDetail_tenantId_orderId_fkey" FOREIGN KEY ("tenantId", "orderId") REFERENCES "Order"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_tenantId_orderId_fkey" FOREIGN KEY ("tenantId", "orderId") REFERENCES "Order"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_tenantId_studentId_fkey" FOREIGN KEY ("tenantId", "studentId") REFERENCES "User"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tracking" ADD CONSTRAINT "Tracking_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tracking" ADD CONSTRAINT "Tracking_tenantId_periodId_fkey" FOREIGN KEY ("tenantId", "periodId") REFERENCES "Period"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Tracking" ADD CONSTRAINT "Tracking_tenantId_superSectionId_fkey" FOREIGN KEY ("tenantId", "superSectionId") REFERENCES "SuperSection"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Tracking" ADD CONSTRAINT "Tracking_tenantId_sectionId_fkey" FOREIGN KEY ("tenantId", "sectionId") REFERENCES "Section"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Tracking" ADD CONSTRAINT "Tracking_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tracking" ADD CONSTRAINT "Tracking_tenantId_masterId_fkey" FOREIGN KEY ("tenantId", "masterId") REFERENCES "User"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_tenantId_resourceId_fkey" FOREIGN KEY ("tenantId", "resourceId") REFERENCES "BookingResource"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_tenantId_trackingId_fkey" FOREIGN KEY ("tenantId", "trackingId") REFERENCES "Tracking"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "BookingResource" ADD CONSTRAINT "BookingResource_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BookingResource" ADD CONSTRAINT "BookingResource_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Flow" ADD CONSTRAINT "Flow_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Flow" ADD CONSTRAINT "Flow_tenantId_groupId_fkey" FOREIGN KEY ("tenantId", "groupId") REFERENCES "UserGroup"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "FlowInput" ADD CONSTRAINT "FlowInput_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowInput" ADD CONSTRAINT "FlowInput_tenantId_fectchId_fkey" FOREIGN KEY ("tenantId", "fectchId") REFERENCES "Flow"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowResponse" ADD CONSTRAINT "FlowResponse_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowResponse" ADD CONSTRAINT "FlowResponse_tenantId_fetchId_fkey" FOREIGN KEY ("tenantId", "fetchId") REFERENCES "Flow"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "FlowResponse" ADD CONSTRAINT "FlowResponse_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowAnswer" ADD CONSTRAINT "FlowAnswer_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowAnswer" ADD CONSTRAINT "FlowAnswer_tenantId_responseId_fkey" FOREIGN KEY ("tenantId", "responseId") REFERENCES "FlowResponse"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowAnswer" ADD CONSTRAINT "FlowAnswer_tenantId_inputId_fkey" FOREIGN KEY ("tenantId", "inputId") REFERENCES "FlowInput"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "InfirmaryEntry" ADD CONSTRAINT "InfirmaryEntry_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InfirmaryEntry" ADD CONSTRAINT "InfirmaryEntry_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InfirmaryEntry" ADD CONSTRAINT "InfirmaryEntry_tenantId_symptomId_fkey" FOREIGN KEY ("tenantId", "symptomId") REFERENCES "InfirmaryValue"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "InfirmaryEntry" ADD CONSTRAINT "InfirmaryEntry_tenantId_outcomeId_fkey" FOREIGN KEY ("tenantId", "outcomeId") REFERENCES "InfirmaryValue"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MedicalRecord" ADD CONSTRAINT "MedicalRecord_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MedicalRecord" ADD CONSTRAINT "MedicalRecord_tenantId_id_fkey" FOREIGN KEY ("tenantId", "id") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Publication" ADD CONSTRAINT "Publication_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Publication" ADD CONSTRAINT "Publication_tenantId_categoryId_fkey" FOREIGN KEY ("tenantId", "categoryId") REFERENCES "Category"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "PublicationPart" ADD CONSTRAINT "PublicationPart_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PublicationPart" ADD CONSTRAINT "PublicationPart_tenantId_publicationId_fkey" FOREIGN KEY ("tenantId", "publicationId") REFERENCES "Publication"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalendarActivity" ADD CONSTRAINT "CalendarActivity_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalendarActivity" ADD CONSTRAINT "CalendarActivity_tenantId_categoryId_fkey" FOREIGN KEY ("tenantId", "categoryId") REFERENCES "Category"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_tenantId_doWATemplate_fkey" FOREIGN KEY ("tenantId", "doWATemplate") REFERENCES "LocalizationTemplate"("tenantId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;
