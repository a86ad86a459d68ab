-- Issue 13: people found the way staff type them, and one code / one e-mail per person of a school.

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "codeKey" TEXT,
ADD COLUMN     "mailKey" TEXT,
ADD COLUMN     "searchText" TEXT;

-- Lower-case without the accents of Spanish and its neighbours. The application folds what is typed the same way
-- (search-text.ts `foldText`: NFD, marks removed, lower-case); translate() keeps the function IMMUTABLE, which
-- unaccent() is not, and needs no extension.
CREATE FUNCTION pizarra_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(t), 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝáàâäãåéèêëíìîïóòôöõúùûüñçýÿ', 'aaaaaaeeeeiiiiooooouuuuncyaaaaaaeeeeiiiiooooouuuuncyy')
$$;

-- What a person is searched by: both orders of the names (so that "Leonardo Flores" and "Flores Rodríguez" are each
-- one phrase), then code, documents and e-mail, the parts kept apart by " | " so that no phrase spans two of them.
CREATE FUNCTION pizarra_person_search_text(p "User") RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT pizarra_fold(concat_ws(' | ',
    NULLIF(concat_ws(' ', p."last", p."last2", p."name"), ''),
    NULLIF(concat_ws(' ', p."name", p."last", p."last2"), ''),
    NULLIF(btrim(p."externalId"), ''), NULLIF(btrim(p."doc"), ''), NULLIF(btrim(p."documentnumber"), ''), NULLIF(btrim(p."mail"), '')))
$$;

-- Every write of a person keeps the search text; a code or e-mail is claimed when it is set or changed, so that the
-- unique indexes below refuse a second person of the school with it (one who already shared it keeps it unclaimed).
CREATE FUNCTION pizarra_person_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchText" := pizarra_person_search_text(NEW);
  IF TG_OP = 'INSERT' OR NEW."externalId" IS DISTINCT FROM OLD."externalId" THEN
    NEW."codeKey" := NULLIF(lower(btrim(NEW."externalId")), '');
  END IF;
  IF TG_OP = 'INSERT' OR NEW."mail" IS DISTINCT FROM OLD."mail" THEN
    NEW."mailKey" := NULLIF(lower(btrim(NEW."mail")), '');
  END IF;
  RETURN NEW;
END
$$;

UPDATE "User" u SET "searchText" = pizarra_person_search_text(u);

-- Existing people: the first of a school to hold a code (or e-mail) claims it; the others who share it are reported
-- in that school's audit (admAudit: action duplicateCode / duplicateMail, on the person's module) instead of the
-- migration failing on them, and keep their value until someone changes it.
CREATE TEMP TABLE person_claims AS
  SELECT id, "tenantId", type, field, key, row_number() OVER (PARTITION BY "tenantId", field, key ORDER BY id) AS n
  FROM (
    SELECT id, "tenantId", type, 'code' AS field, NULLIF(lower(btrim("externalId")), '') AS key FROM "User"
    UNION ALL
    SELECT id, "tenantId", type, 'mail' AS field, NULLIF(lower(btrim("mail")), '') AS key FROM "User"
  ) k
  WHERE key IS NOT NULL;

UPDATE "User" u SET "codeKey" = c.key FROM person_claims c WHERE c.id = u.id AND c.field = 'code' AND c.n = 1;
UPDATE "User" u SET "mailKey" = c.key FROM person_claims c WHERE c.id = u.id AND c.field = 'mail' AND c.n = 1;

INSERT INTO "AuditLog" ("tenantId", "userId", "userName", "moduleId", "action", "recordId")
  SELECT "tenantId", NULL, 'Pizarra',
    CASE type WHEN 2 THEN 'admStudent' WHEN 1 THEN 'admRelatives' WHEN 4 THEN 'admStaff' WHEN 5 THEN 'admStaff' ELSE 'admUser' END,
    CASE field WHEN 'code' THEN 'duplicateCode' ELSE 'duplicateMail' END, id::text
  FROM person_claims WHERE n > 1 ORDER BY "tenantId", id;

DO $$
DECLARE
  found record;
BEGIN
  FOR found IN SELECT "tenantId", field, count(*) AS people FROM person_claims WHERE n > 1 GROUP BY "tenantId", field ORDER BY 1, 2 LOOP
    RAISE WARNING 'School %: % people share a % with someone else; listed in its audit (duplicate%).', found."tenantId", found.people, found.field, initcap(found.field);
  END LOOP;
END
$$;

DROP TABLE person_claims;

CREATE TRIGGER "User_person_keys" BEFORE INSERT OR UPDATE ON "User" FOR EACH ROW EXECUTE FUNCTION pizarra_person_keys();

-- CreateIndex
CREATE INDEX "User_searchText_idx" ON "User" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "User_tenantId_codeKey_key" ON "User"("tenantId", "codeKey");

-- CreateIndex
CREATE UNIQUE INDEX "User_tenantId_mailKey_key" ON "User"("tenantId", "mailKey");
