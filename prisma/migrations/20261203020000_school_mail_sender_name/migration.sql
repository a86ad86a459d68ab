-- The name shown with a school's own mail sender; none: the school's title.
ALTER TABLE "Tenant" ADD COLUMN "mailFromName" TEXT;
