-- Share links (docs/product-rules.md#share-links): a share link may expire (epoch ms; NULL: never). An expired link opens
-- nothing, like a rotated one. The levels (link_access, access_level) are plain TEXT with no
-- CHECK, so the new level `check` needs no change to them.
ALTER TABLE task_lists ADD COLUMN share_expires_at INTEGER;
-- Only links that expire are indexed: the sweep that cuts their live clients finds them without
-- scanning every list.
CREATE INDEX task_lists_share_expires_at ON task_lists(share_expires_at) WHERE share_expires_at IS NOT NULL;
