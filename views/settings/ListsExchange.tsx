import { Icon } from "../../islands/ui/Icon";
import { Island } from "../Island";

/**
 * On the Account tab: every own list as one JSON file (a plain link: the server names
 * the download), and a list brought in from a file or pasted text. Laid out like the admin block
 * beside it, with its classes, so it costs the stylesheet nothing.
 */
export function ListsExchange() {
  return (
    <section className="admin-access" aria-labelledby="lists-exchange-title">
      <span className="admin-access__icon" aria-hidden="true">
        <Icon name="export" />
      </span>
      <div className="admin-access__text">
        <h3 id="lists-exchange-title">Your lists, in a file</h3>
        <p className="muted">Keep a copy of every list, or bring in a list from Markdown or JSON.</p>
      </div>
      <div className="row">
        <a className="button button--outline button--small" href="/api/task-lists/export" download>
          <Icon name="export" size={16} /> Export all lists
        </a>
        <Island name="ImportButton" props={{ variant: "settings" }} />
      </div>
    </section>
  );
}
