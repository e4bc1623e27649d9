import { MAX_LISTS_PER_USER } from "../../src/shared/rules/lists";
import ImportButton from "../exchange/ImportButton";
import { needsNetwork } from "../offline/useOffline";
import { Icon } from "../ui/Icon";

/** Home's "My Lists" heading: how many of the allowed lists there are, Import list and New List. */
export function MyListsHeading({ count, offline, onCreate }: { count: number; offline: boolean; onCreate: () => void }) {
  return (
    <div className="home__heading">
      <div>
        <h1 id="my-lists">My Lists</h1>
        <p className="muted home__count">
          {count} of {MAX_LISTS_PER_USER} lists
        </p>
      </div>
      <div className="row">
        <ImportButton variant="home" offline={offline} />
        <button type="button" className="button button--primary" {...needsNetwork(offline)} onClick={onCreate}>
          <Icon name="plus" size={18} /> New List
        </button>
      </div>
    </div>
  );
}
