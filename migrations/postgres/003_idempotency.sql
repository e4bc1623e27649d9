-- Each Idempotency-Key a caller sends is applied once; its first answer is kept 24 h
-- (docs/http-contract.md#idempotency-key).
-- `caller` is "user:<id>" or "share:<shareId>", so one caller's key never finds another's answer.
-- While a request holds the key, `lease` names it and `lease_until` says how long it may; the
-- domain transaction it guards sets `applied` in the same commit as the write. `status` stays
-- NULL until the answer is stored (docs/decisions/018-idempotency.md).
CREATE TABLE idempotency_keys (
  caller TEXT NOT NULL,
  request_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  lease TEXT NOT NULL,
  lease_until BIGINT NOT NULL,
  applied INTEGER NOT NULL DEFAULT 0,
  status INTEGER,
  content_type TEXT,
  body TEXT,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (caller, request_key)
);
-- The hourly purge removes keys older than 24 h without scanning the rest.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys(created_at);
