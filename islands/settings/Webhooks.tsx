import { useEffect, useState } from "react";
import type { Webhook } from "../../src/shared/webhooks";
import { client, errorMessage } from "../api";
import { timeAgo } from "../shared-lists/relative-time";
import { toast } from "../toast";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { useRefocus } from "../ui/useRefocus";
import { Icon } from "../ui/Icon";
import type { ListChoice } from "./TokenDialog";
import { WebhookDialog } from "./WebhookDialog";

export interface WebhooksProps {
  /** The user's own lists: only an owner manages a list's webhooks. */
  lists: ListChoice[];
}

/** "Delivered 2 minutes ago", "Failed: 500", "Disabled after a day of failures", or "Not called yet". */
export function deliveryWords(hook: Webhook, now: number): string {
  const last = hook.lastDelivery;
  if (hook.disabledAt !== null)
    return last?.status === 410 ? "Disabled: the receiver answered 410 Gone" : "Disabled after a day of failures";
  if (last === null) return "Not called yet";
  if (last.ok) return `Delivered ${timeAgo(last.at, now)}`;
  return `Failed: ${last.status ?? "no answer"}`;
}

const eventWords = (hook: Webhook) => (hook.events.length >= 7 ? "All events" : hook.events.join(", "));

/** Settings' "Webhooks" (docs/decisions/063-webhooks.md): one of your lists, its webhooks and how each last went; add, test, remove. */
export default function Webhooks({ lists }: WebhooksProps) {
  const [listId, setListId] = useState(lists[0]?.id);
  const [hooks, setHooks] = useState<Webhook[]>();
  const [now, setNow] = useState(0);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Webhook>();
  const add = useRefocus<HTMLButtonElement>();
  const [pending, setPending] = useState(false);

  const reload = async (id = listId) => {
    if (id === undefined) return;
    try {
      const { webhooks } = await client["task-lists"][":id"].webhooks.$get({ param: { id } });
      setHooks(webhooks);
      setNow(Date.now());
    } catch (error) {
      toast({ title: "Webhooks could not be loaded", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  };
  useEffect(() => {
    setHooks(undefined);
    void reload(listId);
  }, [listId]);

  async function sendTest(hook: Webhook) {
    try {
      await client.webhooks[":id"].test.$post({ param: { id: hook.id } });
      toast({ title: "Test event sent", description: "It is on its way; its result shows here in a moment.", variant: "success" });
      setTimeout(() => void reload(), 2000);
    } catch (error) {
      toast({ title: "The test event was not sent", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  }

  async function remove(hook: Webhook) {
    setPending(true);
    try {
      await client.webhooks[":id"].$delete({ param: { id: hook.id } });
      setHooks((all) => all?.filter((entry) => entry.id !== hook.id));
      add.refocus();
      toast({ title: "Webhook removed", description: `${hook.url} is no longer called.`, variant: "success" });
    } catch (error) {
      toast({ title: "The webhook was not removed", description: errorMessage(error, "Please try again."), variant: "destructive" });
    } finally {
      setPending(false);
      setRemoving(undefined);
    }
  }

  return (
    <section className="account-settings" aria-labelledby="webhooks-title">
      <div className="settings-row">
        <span className="settings-row__icon" aria-hidden="true">
          <Icon name="link" />
        </span>
        <div className="settings-row__text">
          <h3 id="webhooks-title">Webhooks</h3>
          <p className="muted">Tell another service, or your phone through ntfy, when one of your lists changes.</p>
        </div>
        <button
          ref={add.ref}
          type="button"
          className="button button--outline button--small"
          disabled={listId === undefined}
          onClick={() => setAdding(true)}
        >
          <Icon name="plus" size={16} />
          Add a webhook
        </button>
      </div>
      {listId === undefined ? (
        <p className="muted">Make a list first: webhooks belong to one of your lists.</p>
      ) : (
        <div className="field">
          <div className="field__label-row">
            <label htmlFor="webhooks-list">List</label>
          </div>
          <select id="webhooks-list" className="input" value={listId} onChange={(event) => setListId(Number(event.target.value))}>
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {hooks === undefined ? (
        listId !== undefined && <p className="muted">Loading webhooks…</p>
      ) : hooks.length === 0 ? (
        <p className="muted">No webhooks on this list.</p>
      ) : (
        <ul className="share__people" aria-label="This list's webhooks">
          {hooks.map((hook) => (
            <li key={hook.id} className="settings-row">
              <div className="settings-row__text">
                <h3>{hook.url}</h3>
                <p className="muted">
                  {hook.format === "ntfy" ? "ntfy" : "Standard Webhooks"} · {eventWords(hook)}
                </p>
                <p className="muted" data-webhook-status>
                  {deliveryWords(hook, now)}
                </p>
              </div>
              <button
                type="button"
                className="button button--outline button--small"
                disabled={hook.disabledAt !== null}
                aria-label={`Send a test event to ${hook.url}`}
                onClick={() => void sendTest(hook)}
              >
                Send a test event
              </button>
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={`Remove ${hook.url}`}
                onClick={() => setRemoving(hook)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {listId !== undefined && (
        <WebhookDialog open={adding} listId={listId} onMade={() => void reload()} onClose={() => setAdding(false)} />
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove this webhook?"
        description={`${removing?.url ?? ""} will no longer be told about this list's changes.`}
        confirmLabel="Remove"
        destructive
        pending={pending}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(undefined)}
      />
    </section>
  );
}
