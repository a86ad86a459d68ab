-- A family answers for a student's days once: whichever guardian's link sends it, one justification of a first day
-- through the links while it is pending (1) or accepted (2); after a denial (-1) the family may send another. Held
-- here so that two guardians posting at the same moment cannot both pass the check made before their rows are visible.
-- Days that already hold more than one keep the one the office accepted, else the latest; the others, repeats the rule
-- would have refused, are denied, so that the index can be made.
WITH ranked AS (
  SELECT "id", row_number() OVER (
    PARTITION BY "tenantId", "userId", "date" ORDER BY ("status" = 2) DESC, "id" DESC
  ) AS place
  FROM "Justification"
  WHERE "via" = 'link' AND "status" IN (1, 2)
)
UPDATE "Justification" j SET "status" = -1, "updatedAt" = CURRENT_TIMESTAMP
FROM ranked WHERE ranked."id" = j."id" AND ranked.place > 1;

DROP INDEX "Justification_link_once";
CREATE UNIQUE INDEX "Justification_link_once" ON "Justification" ("tenantId", "userId", "date")
WHERE "via" = 'link' AND "status" IN (1, 2);
