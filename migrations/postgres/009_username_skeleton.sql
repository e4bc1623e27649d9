-- Each account's confusable skeleton (UTS #39), so a guest name that only looks like an account's
-- is refused with one indexed read (docs/decisions/029-guest-name-skeletons.md). The application
-- writes it for new and renamed accounts; usernames are letters, digits and underscores, whose
-- skeletons differ from their lower case only in m → rn, 0 → o and 1 → l.
ALTER TABLE users ADD COLUMN username_skeleton TEXT;
UPDATE users SET username_skeleton = replace(replace(replace(lower(username), 'm', 'rn'), '0', 'o'), '1', 'l');
CREATE INDEX users_username_skeleton ON users(username_skeleton);
