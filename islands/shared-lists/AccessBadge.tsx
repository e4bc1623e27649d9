/**
 * Badge wording, kept verbatim: read shows 'Read & Write' as an outline badge, write
 * 'Read & Write' as a secondary badge, admin 'Admin', and any other value as it came; the
 * level `check` says what it allows (docs/product-rules.md#access).
 */
export function AccessBadge({ level }: { level: string }) {
  if (level === "read") return <span className="badge badge--outline">Read &amp; Write</span>;
  if (level === "write") return <span className="badge badge--secondary">Read &amp; Write</span>;
  if (level === "check") return <span className="badge badge--outline">Tick only</span>;
  if (level === "admin") return <span className="badge badge--admin">Admin</span>;
  return <span className="badge">{level}</span>;
}
