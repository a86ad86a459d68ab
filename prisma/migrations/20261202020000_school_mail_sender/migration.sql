-- A school's own e-mail sender; without one its mail goes from the deployment's address in the school's name.
ALTER TABLE "Tenant" ADD COLUMN IF NOT EXISTS "mailFrom" TEXT;
