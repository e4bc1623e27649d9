-- Notifications (docs/decisions/050-notifications.md). A browser's Web Push subscription belongs
-- to an account, or to a link guest for the one list its shareId opened (user_id NULL); it stops
-- serving a guest once that link is rotated or expires.
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  list_id INTEGER REFERENCES task_lists(id) ON DELETE CASCADE,
  share_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);
CREATE INDEX push_subscriptions_list ON push_subscriptions(list_id);

-- A member's choice per list; no row is "all".
CREATE TABLE notification_modes (
  list_id INTEGER NOT NULL REFERENCES task_lists(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mode TEXT NOT NULL,
  PRIMARY KEY (list_id, user_id)
);

-- One actor's changes to one list while its batch window is open; closed into one push when due.
CREATE TABLE notify_batches (
  list_id INTEGER NOT NULL,
  actor_key TEXT NOT NULL,
  actor TEXT,
  added TEXT NOT NULL,
  added_count INTEGER NOT NULL,
  ticked TEXT NOT NULL,
  ticked_count INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  PRIMARY KEY (list_id, actor_key)
);
CREATE INDEX notify_batches_due ON notify_batches(due_at);

-- The inbox: what each account was told.
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  list_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  url TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
CREATE INDEX notifications_user ON notifications(user_id, id);

-- The delivery queue: one row per push to one subscription, claimed with a lease by one instance.
CREATE TABLE push_queue (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id INTEGER NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  payload TEXT NOT NULL,
  topic TEXT NOT NULL,
  urgency TEXT NOT NULL,
  ttl INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  lease_until INTEGER,
  claim TEXT
);
CREATE INDEX push_queue_due ON push_queue(due_at);

-- The last nudge per sender and list, for its rate.
CREATE TABLE nudges (
  list_id INTEGER NOT NULL,
  sender_key TEXT NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (list_id, sender_key)
);
