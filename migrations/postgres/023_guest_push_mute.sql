-- A link guest mutes a list on their own browser's subscription (docs/decisions/066-guest-push-and-clicks.md):
-- a guest has no account to hang a per-list mode on, and their subscription serves that one list only.
-- NULL is "all"; a time is when they muted it.
ALTER TABLE push_subscriptions ADD COLUMN muted_at BIGINT;
