import type { ShareRecord, SharedWithMeItem } from "../../src/shared/types";
import { Icon } from "../ui/Icon";
import { AccessBadge } from "./AccessBadge";
import { ActionsMenu } from "./ActionsMenu";
import { sharedAgo } from "./relative-time";

/** 'Open List' goes to the list with shared=true and the list's shareId (docs/product-rules.md#screens). */
export const openListHref = ({ list }: SharedWithMeItem) => `/list/${list.id}?shared=true&shareId=${encodeURIComponent(list.shareId)}`;

export function SharedWithMeCard({ item, now }: { item: SharedWithMeItem; now: number }) {
  return (
    <article className="share-card" aria-labelledby={`shared-${item.shared.id}`}>
      <div className="share-card__head">
        <h3 id={`shared-${item.shared.id}`} className="share-card__title">
          {item.list.name}
        </h3>
        <AccessBadge level={item.shared.accessLevel} />
      </div>
      <p className="share-card__who">
        Shared by: <strong>{item.shared.ownerName || "Unknown user"}</strong>
      </p>
      <p className="share-card__when">{sharedAgo(item.shared.createdAt, now)}</p>
      <a className="button button--primary button--small share-card__open" href={openListHref(item)}>
        <Icon name="list" size={16} />
        Open List
      </a>
    </article>
  );
}

export interface MySharedCardProps {
  record: ShareRecord;
  now: number;
  unsharing: boolean;
  onUnshare: (record: ShareRecord) => void;
}

export function MySharedCard({ record, now, unsharing, onUnshare }: MySharedCardProps) {
  const name = record.listName || "Untitled List";
  return (
    <article className="share-card" aria-labelledby={`my-share-${record.id}`} aria-busy={unsharing || undefined}>
      <div className="share-card__head">
        <h3 id={`my-share-${record.id}`} className="share-card__title">
          {name}
        </h3>
        <ActionsMenu
          label={`Options for ${name} shared with ${record.sharedWithName || "Unknown user"}`}
          items={[{ label: "Unshare List", onSelect: () => onUnshare(record), disabled: unsharing, destructive: true }]}
        />
      </div>
      <p className="share-card__who">
        Shared with: <strong>{record.sharedWithName || "Unknown user"}</strong>
      </p>
      <div className="share-card__foot">
        <p className="share-card__when">{sharedAgo(record.createdAt, now)}</p>
        <AccessBadge level={record.accessLevel} />
      </div>
    </article>
  );
}

/** Two skeleton cards while a tab loads on the client (docs/product-rules.md#screens). */
export function SkeletonCards() {
  return (
    <div className="share-grid" role="status" aria-busy="true" aria-label="Loading shared lists">
      {[0, 1].map((i) => (
        <div key={i} className="share-card share-card--skeleton" data-testid="skeleton-card">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--short" />
        </div>
      ))}
    </div>
  );
}
