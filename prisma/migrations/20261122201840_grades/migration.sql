-- CreateTable
CREATE TABLE "EvalConcept" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "periodId" INTEGER NOT NULL,
    "activityId" INTEGER,
    "sectionId" INTEGER,
    "parentId" INTEGER,
    "level" INTEGER NOT NULL DEFAULT 0,
    "order" INTEGER NOT NULL DEFAULT 1,
    "name" TEXT NOT NULL,
    "abrev" TEXT NOT NULL,
    "type" INTEGER NOT NULL DEFAULT 0,
    "specialType" TEXT,
    "weightType" TEXT NOT NULL DEFAULT 'auto',
    "weight" INTEGER NOT NULL DEFAULT -1,
    "qualifications" TEXT NOT NULL DEFAULT 'AD,A,B,C',
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "canEdit" BOOLEAN NOT NULL DEFAULT true,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "calcAverage" BOOLEAN NOT NULL DEFAULT false,
    "isBehavior" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EvalConcept_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Grade" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "conceptId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "gradeNum" DOUBLE PRECISION,
    "gradeTxt" TEXT,
    "updatedBy" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Grade_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GradeChange" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "conceptId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "oldNum" DOUBLE PRECISION,
    "oldTxt" TEXT,
    "newNum" DOUBLE PRECISION,
    "newTxt" TEXT,
    "computed" BOOLEAN NOT NULL DEFAULT false,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GradeChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EvalConcept_tenantId_activityId_level_order_idx" ON "EvalConcept"("tenantId", "activityId", "level", "order");

-- CreateIndex
CREATE INDEX "EvalConcept_tenantId_periodId_isBehavior_idx" ON "EvalConcept"("tenantId", "periodId", "isBehavior");

-- CreateIndex
CREATE UNIQUE INDEX "EvalConcept_tenantId_id_key" ON "EvalConcept"("tenantId", "id");

-- CreateIndex
CREATE INDEX "Grade_tenantId_studentId_idx" ON "Grade"("tenantId", "studentId");

-- CreateIndex
CREATE UNIQUE INDEX "Grade_tenantId_id_key" ON "Grade"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Grade_conceptId_studentId_key" ON "Grade"("conceptId", "studentId");

-- CreateIndex
CREATE INDEX "GradeChange_tenantId_conceptId_studentId_at_idx" ON "GradeChange"("tenantId", "conceptId", "studentId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "GradeChange_tenantId_id_key" ON "GradeChange"("tenantId", "id");

-- AddForeignKey
ALTER TABLE "EvalConcept" ADD CONSTRAINT "EvalConcept_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvalConcept" ADD CONSTRAINT "EvalConcept_tenantId_periodId_fkey" FOREIGN KEY ("tenantId", "periodId") REFERENCES "Period"("tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvalConcept" ADD CONSTRAINT "EvalConcept_tenantId_activityId_fkey" FOREIGN KEY ("tenantId", "activityId") REFERENCES "Activity"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvalConcept" ADD CONSTRAINT "EvalConcept_tenantId_sectionId_fkey" FOREIGN KEY ("tenantId", "sectionId") REFERENCES "Section"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvalConcept" ADD CONSTRAINT "EvalConcept_tenantId_parentId_fkey" FOREIGN KEY ("tenantId", "parentId") REFERENCES "EvalConcept"("tenantId", "id") ON DELETE RESTRICT ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Grade" ADD CONSTRAINT "Grade_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Grade" ADD CONSTRAINT "Grade_tenantId_conceptId_fkey" FOREIGN KEY ("tenantId", "conceptId") REFERENCES "EvalConcept"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Grade" ADD CONSTRAINT "Grade_tenantId_studentId_fkey" FOREIGN KEY ("tenantId", "studentId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GradeChange" ADD CONSTRAINT "GradeChange_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
