CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL,
  username_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  theme TEXT NOT NULL DEFAULT 'vibrant',
  last_list_id INTEGER,
  created_at INTEGER NOT NULL
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user_id ON sessions(user_id);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE task_lists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  share_id TEXT NOT NULL UNIQUE,
  link_access TEXT NOT NULL DEFAULT 'write',
  position INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX task_lists_user_id ON task_lists(user_id);

CREATE TABLE tasks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  list_id INTEGER NOT NULL REFERENCES task_lists(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  parent_id INTEGER REFERENCES tasks(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  completed INTEGER NOT NULL DEFAULT 0,
  is_parent INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX tasks_list_id ON tasks(list_id, position);
CREATE INDEX tasks_parent_id ON tasks(parent_id);

CREATE TABLE list_shares (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  list_id INTEGER NOT NULL REFERENCES task_lists(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  access_level TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (list_id, user_id)
);
CREATE INDEX list_shares_user_id ON list_shares(user_id);

CREATE TABLE app_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  version_id TEXT NOT NULL UNIQUE,
  changes TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE seen_versions (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  version_id TEXT NOT NULL,
  PRIMARY KEY (user_id, version_id)
);

-- Kept without a foreign key so a deleted list's last events can still be replayed.
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  list_id INTEGER NOT NULL,
  share_id TEXT,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  message_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX events_list_id ON events(list_id, id);
