-- The queue's job that carries a message, and the one of a notification's next run: recovery asks the queue (pg-boss's
-- API) whether that job still waits, rather than reading pg-boss's own tables.
ALTER TABLE "Message" ADD COLUMN "sendJob" UUID;

ALTER TABLE "Notification" ADD COLUMN "runJob" UUID;
