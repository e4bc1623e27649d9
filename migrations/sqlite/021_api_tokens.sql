-- API tokens (docs/decisions/061-api-tokens.md): a person's bearer secret for scripts, kept as its
-- SHA-256 (hex) only. list_ids is a JSON array of list ids, or NULL for every list the user can
-- open. Times are epoch milliseconds; a revoked token keeps its row until its user is deleted.
CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hash TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  access TEXT NOT NULL CHECK (access IN ('read', 'write')),
  list_ids TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX api_tokens_user ON api_tokens(user_id);
