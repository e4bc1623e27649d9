-- Single sign-on (docs/decisions/064-oidc.md): an account is linked to a provider's subject, the
-- `sub` its ID tokens carry, which stays put when the person renames themselves there. One
-- subject links to one account, and an account to at most one subject of each issuer.
CREATE TABLE user_identities (
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (issuer, subject)
);
CREATE UNIQUE INDEX user_identities_user ON user_identities (user_id, issuer);
