-- AlterTable
ALTER TABLE "Kinship" ADD COLUMN     "contactRights" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "endedAt" TIMESTAMP(3),
ADD COLUMN     "messages" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "pays" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "pickup" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "relation" TEXT,
ADD COLUMN     "restriction" TEXT,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "Kinship_tenantId_studentId_idx" ON "Kinship"("tenantId", "studentId");

-- Links made before the flags: the main guardian is the one who pays, as billing read it (main guardian first).
UPDATE "Kinship" SET "pays" = true WHERE "userKind" = 0;

-- At most one open principal guardian per student. A student who already has several keeps the first relative as
-- principal; the others become guardians (userKind 1), who are still written to.
WITH ranked AS (
  SELECT "studentId", "relativeId", row_number() OVER (PARTITION BY "tenantId", "studentId" ORDER BY "relativeId") AS place
  FROM "Kinship"
  WHERE "userKind" = 0
)
UPDATE "Kinship" k SET "userKind" = 1
FROM ranked WHERE ranked."studentId" = k."studentId" AND ranked."relativeId" = k."relativeId" AND ranked.place > 1;

CREATE UNIQUE INDEX "Kinship_one_principal" ON "Kinship" ("tenantId", "studentId") WHERE "userKind" = 0 AND "endedAt" IS NULL;
