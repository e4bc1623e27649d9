import { MAX_LISTS_PER_USER } from "../../src/shared/rules/lists";
import ImportButton from "../exchange/ImportButton";
import { Icon } from "../ui/Icon";

/**
 * Home's "My Lists" heading: how many of the allowed lists there are, Import list and New List.
 * At the limit the count says why no list can be made, and New List opens the limit dialog (the
 * button names the count as its description).
 * The count includes the lists made offline that wait to be saved.
 */
export function MyListsHeading({ count, offline, onCreate }: { count: number; offline: boolean; onCreate: () => void }) {
  const full = count >= MAX_LISTS_PER_USER;
  return (
    <div className="home__heading">
      <div>
        <h1 id="my-lists">My Lists</h1>
        <p className="muted home__count" id="my-lists-count">
          {count} of {MAX_LISTS_PER_USER} lists{full && " — delete one to make a new list"}
        </p>
      </div>
      <div className="row">
        <ImportButton variant="home" offline={offline} />
        <button
          id={NEW_LIST_ID}
          type="button"
          className="button button--primary"
          // Offline too: the new list waits in the outbox (docs/decisions/067-offline-routines-and-copies.md).
          {...(full ? { "aria-describedby": "my-lists-count" } : {})}
          onClick={onCreate}
        >
          <Icon name="plus" size={18} /> New List
        </button>
      </div>
    </div>
  );
}

/** New List's id: focus goes there once the last list's card is deleted. */
export const NEW_LIST_ID = "new-list";
