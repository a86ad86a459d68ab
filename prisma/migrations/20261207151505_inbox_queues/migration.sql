-- AlterTable
ALTER TABLE "InboundMessage" ADD COLUMN     "fromName" TEXT;

-- The inbox's queues, made with the schema so that the webhook can queue a family's message on its own transaction
-- before any worker has started (conversations/jobs.ts keeps their settings).
SELECT pgboss.create_queue('conversation-inbound', '{"policy":"standard","retryLimit":8,"retryDelay":5,"retryBackoff":true,"expireInSeconds":120}'::json);
SELECT pgboss.create_queue('conversation-assistant', '{"policy":"standard","retryLimit":3,"retryDelay":5,"retryBackoff":true,"expireInSeconds":120}'::json);
SELECT pgboss.create_queue('conversation-summary', '{"policy":"standard","retryLimit":3,"retryDelay":30,"retryBackoff":true,"expireInSeconds":300}'::json);
