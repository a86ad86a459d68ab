-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "aboutId" INTEGER;
