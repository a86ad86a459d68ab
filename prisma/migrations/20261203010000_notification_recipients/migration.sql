-- The people a notification reaches, apart from its messages (one person by e-mail and WhatsApp is two messages).
ALTER TABLE "Notification" ADD COLUMN "recipients" INTEGER NOT NULL DEFAULT 0;

-- Until now `total` counted people at confirmation and messages once the run wrote them: a notification that ran
-- counts the people of its current run's messages; one that did not run keeps the people its confirmation counted.
UPDATE "Notification" n
   SET "recipients" = COALESCE(
         (SELECT count(DISTINCT coalesce(m."userId"::text, m.address))::int
            FROM "Message" m
           WHERE m."tenantId" = n."tenantId" AND m."notificationId" = n.id AND m.run = n.run AND m.source = 'notification'
          HAVING count(*) > 0),
         n.total);
