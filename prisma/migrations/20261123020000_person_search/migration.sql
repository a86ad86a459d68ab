-- Trigram indexes for the people lists' "contains" search (issue 5). pg_trgm ships with PostgreSQL and is a
-- trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "User_last_idx" ON "User" USING GIN ("last" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_last2_idx" ON "User" USING GIN ("last2" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_name_idx" ON "User" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_externalId_idx" ON "User" USING GIN ("externalId" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_mail_idx" ON "User" USING GIN ("mail" gin_trgm_ops);
