-- CreateTable
CREATE TABLE "Conversation" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "channel" TEXT NOT NULL DEFAULT 'whatsapp',
    "contact" TEXT NOT NULL,
    "contactName" TEXT,
    "guardianId" INTEGER,
    "type" TEXT NOT NULL DEFAULT 'open',
    "holdAiTill" TIMESTAMP(3),
    "assigneeId" INTEGER,
    "escalation" TEXT,
    "summary" TEXT,
    "sentiment" TEXT,
    "satisfaction" TEXT,
    "flowId" INTEGER,
    "locale" TEXT NOT NULL DEFAULT 'es',
    "lastInboundAt" TIMESTAMP(3),
    "lastMessageAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "preview" TEXT,
    "searchText" TEXT NOT NULL DEFAULT '',
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Conversation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConversationMessage" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL DEFAULT (current_setting('app.tenant_id'::text))::integer,
    "conversationId" INTEGER NOT NULL,
    "author" TEXT NOT NULL,
    "staffId" INTEGER,
    "kind" TEXT NOT NULL DEFAULT 'text',
    "text" TEXT,
    "mediaKey" TEXT,
    "mediaType" TEXT,
    "inboundId" INTEGER,
    "outboundId" INTEGER,
    "sources" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConversationMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Conversation_tenantId_type_lastMessageAt_idx" ON "Conversation"("tenantId", "type", "lastMessageAt" DESC);

-- CreateIndex
CREATE INDEX "Conversation_tenantId_contact_createdAt_idx" ON "Conversation"("tenantId", "contact", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Conversation_tenantId_guardianId_idx" ON "Conversation"("tenantId", "guardianId");

-- CreateIndex
CREATE UNIQUE INDEX "Conversation_tenantId_id_key" ON "Conversation"("tenantId", "id");

-- CreateIndex
CREATE INDEX "ConversationMessage_tenantId_conversationId_id_idx" ON "ConversationMessage"("tenantId", "conversationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ConversationMessage_tenantId_id_key" ON "ConversationMessage"("tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ConversationMessage_tenantId_inboundId_key" ON "ConversationMessage"("tenantId", "inboundId");

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConversationMessage" ADD CONSTRAINT "ConversationMessage_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConversationMessage" ADD CONSTRAINT "ConversationMessage_tenantId_conversationId_fkey" FOREIGN KEY ("tenantId", "conversationId") REFERENCES "Conversation"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One conversation not closed per contact of a school: two messages of a new contact arriving at once make one.
CREATE UNIQUE INDEX "Conversation_one_open" ON "Conversation"("tenantId", "channel", "contact") WHERE "type" <> 'closed';

-- The inbox's search ("contains", like the people lists): searchText is folded by the application (foldText).
CREATE INDEX "Conversation_searchText_idx" ON "Conversation" USING GIN ("searchText" gin_trgm_ops);

-- The assistant answers from the school's FAQs by full-text search in the family's language, without accents
-- (pizarra_fold). concat_ws is not IMMUTABLE, hence the function; the assistant's query uses the same expressions,
-- so that these indexes serve it. An index is built with a search path of pg_catalog alone, so the function keeps the
-- one it was made with, where pizarra_fold is.
CREATE FUNCTION pizarra_faq_document(lang regconfig, name text, "desc" text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT to_tsvector(lang, pizarra_fold(coalesce(name, '') || ' ' || coalesce("desc", '') || ' ' || coalesce(body, '')))
$$;
CREATE INDEX "Info_search_es_idx" ON "Info" USING GIN (pizarra_faq_document('spanish', "name", "desc", "body"));
CREATE INDEX "Info_search_en_idx" ON "Info" USING GIN (pizarra_faq_document('english', coalesce("nameEN", "name"), coalesce("descEN", "desc"), coalesce("bodyEN", "body")));
