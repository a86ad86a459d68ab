-- A send job carries a chunk of ledger rows ({"tenantId", "ids": [...]}) rather than one ({"tenantId", "id"}): the jobs
-- still waiting in the queue are rewritten to the new shape, each as a chunk of its one row.
UPDATE pgboss.job
   SET data = jsonb_build_object('tenantId', data->'tenantId', 'ids', jsonb_build_array(data->'id'))
 WHERE name = 'message-send' AND data ? 'id' AND state IN ('created', 'retry', 'active');
