-- The assistant's safety check reads the students whose first given name is a word of its answer (assistant/safety.ts,
-- the same expression): found through this index rather than by folding every student's name per answer.
CREATE INDEX "User_student_first_name_idx" ON "User" ("tenantId", split_part(translate(pizarra_fold(btrim("name")), '-.', '  '), ' ', 1)) WHERE "type" = 2;
