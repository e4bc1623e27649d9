-- How many Idempotency-Keys each caller holds, kept by the table's own triggers, so a claim counts
-- the caller's keys of the last 24 h (at most 1,000, docs/http-contract.md#idempotency-key) only
-- when this count says they may be near the limit: walking a thousand keys cost a keyed tick more
-- than the rest of it (docs/decisions/038-fast-writes.md). Keys past 24 h that the hourly purge has
-- not removed yet still count here, so the count is never below the number in the window.
CREATE TABLE idempotency_callers (
  caller TEXT PRIMARY KEY,
  held BIGINT NOT NULL
);
INSERT INTO idempotency_callers (caller, held) SELECT caller, COUNT(*) FROM idempotency_keys GROUP BY caller;
CREATE FUNCTION idempotency_keys_held() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO idempotency_callers (caller, held) VALUES (NEW.caller, 1)
      ON CONFLICT (caller) DO UPDATE SET held = idempotency_callers.held + 1;
  ELSE
    DELETE FROM idempotency_callers WHERE caller = OLD.caller AND held <= 1;
    UPDATE idempotency_callers SET held = held - 1 WHERE caller = OLD.caller;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER idempotency_keys_held AFTER INSERT OR DELETE ON idempotency_keys
  FOR EACH ROW EXECUTE FUNCTION idempotency_keys_held();
