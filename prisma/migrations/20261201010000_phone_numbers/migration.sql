-- Phone numbers in E.164, matched whole inside the school that owns the receiving WhatsApp number.
-- Every statement may run again (a deploy resumed after a failure, or twice): columns and indexes are added when
-- missing, a school's country is set only when its column is made, a number already in E.164 reads as itself, and a
-- person is listed in the audit only when their number is moved aside, which happens once.

-- A school's country: a number typed without its country code is read as one of it. Schools that speak English are
-- taken to be in the United States, the others in Peru (the country the product's forms and numbers are made for:
-- 9-digit mobiles, +51).
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'Tenant' AND column_name = 'defaultCountry'
  ) THEN
    ALTER TABLE "Tenant" ADD COLUMN "defaultCountry" TEXT NOT NULL DEFAULT 'PE';
    UPDATE "Tenant" SET "defaultCountry" = 'US' WHERE "defaultLocale" = 'en';
  END IF;
END
$$;

-- The school a receiving WhatsApp number (Meta's phone_number_id) belongs to, one school a number. It was kept in
-- settings.whatsappPhoneNumberId, where two schools could name the same number: a number named by one school moves
-- to the column; one named by several goes to none of them (a warning names them, and their settings keep it), so
-- that no message to it is read as any one school's until an operator says whose it is.
ALTER TABLE "Tenant" ADD COLUMN IF NOT EXISTS "whatsappPhoneNumberId" TEXT;

CREATE UNIQUE INDEX IF NOT EXISTS "Tenant_whatsappPhoneNumberId_key" ON "Tenant"("whatsappPhoneNumberId");

DO $$
DECLARE
  found record;
BEGIN
  WITH named AS (
    SELECT id, settings->>'whatsappPhoneNumberId' AS number FROM "Tenant"
    WHERE jsonb_typeof(settings->'whatsappPhoneNumberId') = 'string' AND btrim(settings->>'whatsappPhoneNumberId') <> ''
  ), alone AS (
    SELECT number FROM named GROUP BY number HAVING count(*) = 1
  )
  UPDATE "Tenant" t SET "whatsappPhoneNumberId" = n.number, settings = t.settings - 'whatsappPhoneNumberId'
  FROM named n JOIN alone USING (number)
  WHERE t.id = n.id AND t."whatsappPhoneNumberId" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "Tenant" o WHERE o."whatsappPhoneNumberId" = n.number);
  FOR found IN
    SELECT settings->>'whatsappPhoneNumberId' AS number, string_agg(id::text, ', ' ORDER BY id) AS schools FROM "Tenant"
    WHERE jsonb_typeof(settings->'whatsappPhoneNumberId') = 'string' AND btrim(settings->>'whatsappPhoneNumberId') <> ''
    GROUP BY 1 ORDER BY 1
  LOOP
    RAISE WARNING 'WhatsApp number % is named by schools % (settings.whatsappPhoneNumberId): given to none; set "Tenant"."whatsappPhoneNumberId" of its school.', found.number, found.schools;
  END LOOP;
END
$$;

-- A number kept as typed that could not be read as one: moved out of `cel`, so that it is never matched nor written to.
ALTER TABLE "User" ADD COLUMN IF NOT EXISTS "celUnverified" TEXT;

CREATE INDEX IF NOT EXISTS "User_tenantId_cel_idx" ON "User"("tenantId", "cel");

-- What SQL can read for sure, the way the application's toE164 (packages/contracts/src/phone.ts, libphonenumber)
-- reads it: separators (spaces, dashes, dots, brackets, slashes) dropped, a leading 00 read as +; then a number with
-- its country code (Peru's and North America's checked by their own plans, any other by E.164's length), or a local
-- number of a school in Peru (a mobile 9XXXXXXXX; Lima 1XXXXXXX; the provinces' [4-8]XXXXXXX; with or without the
-- trunk 0 or the country's 51) or in the United States (NXX NXX XXXX, with or without the 1). Anything else is NULL.
CREATE OR REPLACE FUNCTION pizarra_phone_e164(raw text, country text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  s text := regexp_replace(translate(raw, chr(160), ' '), '[-[:space:]()./]', '', 'g');
  national text;
  d text;
BEGIN
  IF s ~ '^00' THEN
    s := '+' || substr(s, 3);
  END IF;
  IF s ~ '^\+[0-9]+$' THEN
    d := substr(s, 2);
  ELSIF country = 'PE' AND s ~ '^(?:51)?0?(9[0-9]{8}|1[0-9]{7}|[4-8][0-9]{7})$' THEN
    national := substring(s from '^(?:51)?0?(9[0-9]{8}|1[0-9]{7}|[4-8][0-9]{7})$');
    d := '51' || national;
  ELSIF country = 'US' AND s ~ '^1?[2-9][0-9]{2}[2-9][0-9]{6}$' THEN
    d := '1' || right(s, 10);
  ELSE
    RETURN NULL;
  END IF;
  IF d ~ '^51' THEN
    RETURN CASE WHEN d ~ '^51(9[0-9]{8}|1[0-9]{7}|[4-8][0-9]{7})$' THEN '+' || d END;
  ELSIF d ~ '^1' THEN
    RETURN CASE WHEN d ~ '^1[2-9][0-9]{2}[2-9][0-9]{6}$' THEN '+' || d END;
  END IF;
  RETURN CASE WHEN d ~ '^[2-9][0-9]{7,14}$' THEN '+' || d END;
END
$$;

-- Blank numbers are no numbers.
UPDATE "User" SET cel = NULL WHERE cel IS NOT NULL AND btrim(translate(cel, chr(160), ' ')) = '';

UPDATE "User" u SET cel = pizarra_phone_e164(u.cel, t."defaultCountry")
FROM "Tenant" t
WHERE t.id = u."tenantId" AND u.cel IS NOT NULL
  AND pizarra_phone_e164(u.cel, t."defaultCountry") IS NOT NULL AND pizarra_phone_e164(u.cel, t."defaultCountry") <> u.cel;

-- The others are moved to celUnverified and listed in their school's audit (admAudit: action phoneUnverified, on the
-- person's module), one warning a school in the deploy's log; staff see whom to ask and what was typed
-- (SELECT id, "celUnverified" FROM "User" WHERE "celUnverified" IS NOT NULL), and saving a number clears it.
DO $$
DECLARE
  counts jsonb;
  school text;
BEGIN
  WITH moved AS (
    UPDATE "User" u SET "celUnverified" = u.cel, cel = NULL
    FROM "Tenant" t
    WHERE t.id = u."tenantId" AND u.cel IS NOT NULL AND pizarra_phone_e164(u.cel, t."defaultCountry") IS NULL
    RETURNING u.id, u."tenantId", u.type
  ), listed AS (
    INSERT INTO "AuditLog" ("tenantId", "userId", "userName", "moduleId", "action", "recordId")
    SELECT "tenantId", NULL, 'Pizarra',
      CASE type WHEN 2 THEN 'admStudent' WHEN 1 THEN 'admRelatives' WHEN 4 THEN 'admStaff' WHEN 5 THEN 'admStaff' ELSE 'admUser' END,
      'phoneUnverified', id::text
    FROM moved ORDER BY "tenantId", id
    RETURNING "tenantId"
  )
  SELECT jsonb_object_agg("tenantId", people) INTO counts FROM (SELECT "tenantId", count(*) AS people FROM listed GROUP BY 1) c;
  FOR school IN SELECT jsonb_object_keys(coalesce(counts, '{}'::jsonb)) ORDER BY 1 LOOP
    RAISE WARNING 'School %: % people have a mobile number that is not one; moved to "User"."celUnverified" and listed in its audit (phoneUnverified).', school, counts->>school;
  END LOOP;
END
$$;

DROP FUNCTION pizarra_phone_e164(text, text);
