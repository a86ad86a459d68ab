-- AlterTable
ALTER TABLE "Module" ADD COLUMN     "inactiveFields" TEXT[] DEFAULT ARRAY[]::TEXT[];
