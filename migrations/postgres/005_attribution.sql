-- Attribution (docs/product-rules.md#attribution-and-activity): who added and who ticked each item, and who made each change, as
-- JSON {"userId","username"} written at the time (docs/decisions/024). NULL: recorded before
-- attribution existed (or, for completed_by, not ticked). `action` and `subject` let the
-- activity panel say "ticked Milk" without replaying the list; NULL on older events.
ALTER TABLE tasks ADD COLUMN created_by TEXT;
ALTER TABLE tasks ADD COLUMN completed_by TEXT;
ALTER TABLE events ADD COLUMN actor TEXT;
ALTER TABLE events ADD COLUMN action TEXT;
ALTER TABLE events ADD COLUMN subject TEXT;
