-- Every claim of an Idempotency-Key counts the caller's keys of the last 24 h (at most 1,000 a
-- day, docs/http-contract.md#idempotency-key). On the primary key that count visited each key's
-- row for its age, and once a caller held some hundreds of keys it cost a keyed tick more than the
-- rest of the tick; this index answers it alone (docs/decisions/032-one-front-door.md#toggle).
CREATE INDEX idempotency_keys_caller_created ON idempotency_keys(caller, created_at);
