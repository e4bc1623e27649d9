-- Webhooks (docs/decisions/063-webhooks.md): a list's owner has its changes posted to a URL.
-- `events` is a JSON array of event types, NULL for all of them. A webhook failing for a day is
-- turned off (disabled_at); failing_since is when its current run of failures began. It hears
-- the list's events after after_event_id, the newest when it was added.
CREATE TABLE webhooks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  list_id INTEGER NOT NULL REFERENCES task_lists(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  events TEXT,
  format TEXT NOT NULL,
  secret TEXT NOT NULL,
  after_event_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  disabled_at INTEGER,
  failing_since INTEGER,
  last_at INTEGER,
  last_status INTEGER,
  last_ok INTEGER
);
CREATE INDEX webhooks_list ON webhooks(list_id);

-- The push queue becomes the delivery queue of both kinds: each row goes to a browser's push
-- subscription or to a webhook, never both. message_id is a webhook's `webhook-id`, kept across
-- retries. SQLite cannot drop a NOT NULL, so the table is made again and its rows copied.
CREATE TABLE delivery_queue (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id INTEGER REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  webhook_id INTEGER REFERENCES webhooks(id) ON DELETE CASCADE,
  message_id TEXT,
  payload TEXT NOT NULL,
  topic TEXT NOT NULL,
  urgency TEXT NOT NULL,
  ttl INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  lease_until INTEGER,
  claim TEXT,
  CHECK ((subscription_id IS NULL) <> (webhook_id IS NULL))
);
INSERT INTO delivery_queue (id, subscription_id, payload, topic, urgency, ttl, attempts, created_at, due_at, lease_until, claim)
  SELECT id, subscription_id, payload, topic, urgency, ttl, attempts, created_at, due_at, lease_until, claim FROM push_queue;
DROP TABLE push_queue;
CREATE INDEX delivery_queue_due ON delivery_queue(due_at);
CREATE INDEX delivery_queue_webhook ON delivery_queue(webhook_id);
