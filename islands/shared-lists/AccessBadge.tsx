import { LEVEL_LABELS } from "../../src/shared/rules/links";
import type { AccessLevel } from "../../src/shared/types";

/**
 * Badge wording, kept verbatim: read shows 'Read & Write' as an outline badge, write
 * 'Read & Write' as a secondary badge, admin 'Admin', and any other value as it came; the
 * level `check` says what it allows (docs/product-rules.md#access). As the badge cannot tell read
 * from write, each level's plain words, those the Share dialog offers, stand beside it
 * (docs/decisions/047-list-header.md).
 */
export function AccessBadge({ level }: { level: string }) {
  const words = Object.hasOwn(LEVEL_LABELS, level) ? LEVEL_LABELS[level as AccessLevel] : null;
  return (
    <span className="access-level">
      <Badge level={level} /> {words && <span className="muted">{words}</span>}
    </span>
  );
}

function Badge({ level }: { level: string }) {
  if (level === "read") return <span className="badge badge--outline">Read &amp; Write</span>;
  if (level === "write") return <span className="badge badge--secondary">Read &amp; Write</span>;
  if (level === "check") return <span className="badge badge--outline">Tick only</span>;
  if (level === "admin") return <span className="badge badge--admin">Admin</span>;
  return <span className="badge">{level}</span>;
}
