-- A family's justification link takes one justification while it is pending (1) or accepted (2); after a denial (-1)
-- the family may send another. The rule is held here, so that posts of one link at the same moment cannot all pass a
-- check made before their rows are visible. The Prisma schema cannot express a partial index.
-- A link that already holds more than one keeps the one the office accepted, else its latest; the others, repeats the
-- rule would have refused, are denied, so that the index can be made. The marks keep what the kept one gives them.
WITH ranked AS (
  SELECT "id", row_number() OVER (
    PARTITION BY "tenantId", "userId", "createdBy", "date" ORDER BY ("status" = 2) DESC, "id" DESC
  ) AS place
  FROM "Justification"
  WHERE "via" = 'link' AND "status" IN (1, 2)
)
UPDATE "Justification" j SET "status" = -1, "updatedAt" = CURRENT_TIMESTAMP
FROM ranked WHERE ranked."id" = j."id" AND ranked.place > 1;

CREATE UNIQUE INDEX "Justification_link_once" ON "Justification" ("tenantId", "userId", "createdBy", "date")
WHERE "via" = 'link' AND "status" IN (1, 2);
