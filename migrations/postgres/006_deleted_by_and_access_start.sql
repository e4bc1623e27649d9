-- A restore is the deleter's or the owner's (docs/product-rules.md#undo-and-restore), and a caller reads a list's history
-- only from when their access began.
-- `deleted_by` is "user:<id>" or "share:<shareId>" (the link a guest came through); NULL on rows
-- deleted before it was recorded, which only the owner may restore.
ALTER TABLE tasks ADD COLUMN deleted_by TEXT;
-- The newest event id of the list when the share was made, and when the current link began
-- (made with the list, rotated, or brought back after it expired): the floor of §7, kept.
ALTER TABLE list_shares ADD COLUMN since_event_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE task_lists ADD COLUMN link_since_event_id BIGINT NOT NULL DEFAULT 0;
-- Existing shares start at the last event recorded no later than they were made; existing links
-- after the last event carrying an earlier link (a rotation); an expiry lifted before is not known.
UPDATE list_shares SET since_event_id = COALESCE(
  (SELECT MAX(e.id) FROM events e WHERE e.list_id = list_shares.list_id AND e.created_at <= list_shares.created_at), 0);
UPDATE task_lists SET link_since_event_id = COALESCE(
  (SELECT MAX(e.id) FROM events e WHERE e.list_id = task_lists.id AND e.share_id <> task_lists.share_id), 0);
