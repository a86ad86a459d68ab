-- Grade and section names sort the way people count: "2.º A" before "10.º A" (ICU's numeric ordering), so every
-- ORDER BY of these names, whichever list or pick list asks it, is natural without the query naming a collation
-- (Prisma's orderBy cannot). The collation is deterministic: equality, LIKE and the indexes behave as before.
CREATE COLLATION IF NOT EXISTS "natural" (provider = icu, locale = 'und-u-kn-true');

ALTER TABLE "SuperSection" ALTER COLUMN "name" TYPE TEXT COLLATE "natural";
ALTER TABLE "Section" ALTER COLUMN "name" TYPE TEXT COLLATE "natural";
