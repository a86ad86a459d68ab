-- Flow follow-ups and WhatsApp statuses (issue 14): reminder rounds of a flow sent by a notification run as jobs of their own queue,
-- created here as the job queue's migration created the others (the worker keeps its settings as in delivery/queue.ts).
SELECT pgboss.create_queue('flow-followup', '{"policy":"standard","retryLimit":5,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);
-- WhatsApp status callbacks: the webhook checks and queues them, the worker applies them to the ledger.
SELECT pgboss.create_queue('whatsapp-status', '{"policy":"standard","retryLimit":5,"retryDelay":5,"retryBackoff":true,"expireInSeconds":60}'::json);
-- A recovery held by a worker that died expires after 15 s rather than a minute, so that the next one can run.
UPDATE pgboss.queue SET expire_seconds = 15 WHERE name = 'ledger-recovery';
