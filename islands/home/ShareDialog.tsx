import { useEffect, useState } from "react";
import type { ListShareEntry } from "../../src/shared/lists";
import { expiryText, LEVEL_LABELS, LINK_EXPIRY_DAYS, type LinkExpiryDays } from "../../src/shared/rules/links";
import type { LinkAccess, ShareRecord, TaskList } from "../../src/shared/types";
import { ApiRequestError, client, errorMessage } from "../api";
import { toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Icon, Spinner } from "../ui/Icon";
import { fieldVerdict, useForm } from "../ui/useForm";

export interface ShareDialogProps {
  list: TaskList | null;
  onClose: () => void;
  /** The link's level or id changed: the home list keeps its copy of the list current. */
  onListChange: (list: TaskList) => void;
}

/** The Share dialog with the share link (docs/product-rules.md#sharing): recipients and their level, unshare, copy, link level and expiry, rotate. */
export function ShareDialog({ list, onClose, onListChange }: ShareDialogProps) {
  return (
    <Dialog open={list !== null} onClose={onClose} title={list ? `Share "${list.name}"` : "Share List"}>
      {list && <ShareBody list={list} onListChange={onListChange} />}
    </Dialog>
  );
}

/** What a level lets someone do, in a line under its choice (docs/product-rules.md#access). */
const LEVEL_HINTS: Record<LinkAccess, string> = {
  write: "They can add, edit, tick and delete items.",
  check: "They can tick and untick items, nothing else.",
  read: "They can see the list but not change it.",
};

/** The levels offered, most first: `admin` is never offered (the interface shares at write). */
const OFFERED_LEVELS: readonly LinkAccess[] = ["write", "check", "read"];

function LevelOptions() {
  return OFFERED_LEVELS.map((level) => (
    <option key={level} value={level}>
      {LEVEL_LABELS[level]}
    </option>
  ));
}

/** Share username: non-empty, must exist, not already shared (docs/product-rules.md#text-rules). */
async function validateUsername(username: string, shares: readonly ShareRecord[]): Promise<string | null> {
  if (username === "") return "Please enter a username";
  if (shares.some((share) => share.sharedWithName.toLowerCase() === username.toLowerCase())) return "List is already shared with this user";
  try {
    const { exists } = await client["check-username"][":username"].$get({ param: { username } });
    return exists ? null : "User not found";
  } catch (error) {
    return error instanceof ApiRequestError && error.status === 400 ? "Invalid username" : "Failed to validate username";
  }
}

function ShareBody({ list, onListChange }: { list: TaskList; onListChange: (list: TaskList) => void }) {
  const [loaded, setLoaded] = useState<ListShareEntry[] | null>(null);
  const shares = loaded ?? [];
  const [level, setLevel] = useState<LinkAccess>("write");
  const [busy, setBusy] = useState<string | null>(null);

  const load = () =>
    client["shared-by-list"][":listId"]
      .$get({ param: { listId: list.id } })
      .then(setLoaded)
      .catch(() => setLoaded([]));
  useEffect(() => void load(), [list.id]);

  const form = useForm({
    initial: { username: "" },
    check: async ({ username }) => {
      const name = username.trim();
      return fieldVerdict("username", (await validateUsername(name, shares)) ?? undefined, name);
    },
    send: async (name) => {
      await client["share-by-username"].$post({ json: { listId: list.id, username: name, accessLevel: level } });
      toast({ title: "List shared", description: `List shared with ${name} successfully`, variant: "success" });
      form.setValues({ username: "" });
      await load();
    },
    refused: (failure) => {
      toast({ title: "Error sharing list", description: errorMessage(failure, "Failed to share list"), variant: "destructive" });
    },
    again: true,
  });

  async function unshare(record: ShareRecord) {
    setBusy(`unshare-${record.sharedWithId}`);
    try {
      await client.unshare[":listId"][":userId"].$delete({ param: { listId: list.id, userId: record.sharedWithId } });
      toast({ title: "List unshared", description: "The user no longer has access to this list" });
      await load();
    } catch (failure) {
      toast({ title: "Error unsharing list", description: errorMessage(failure, "Failed to unshare list"), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function changeLink(body: { linkAccess: LinkAccess } | { linkExpiresInDays: LinkExpiryDays | null }) {
    setBusy("link");
    try {
      const updated = await client["task-lists"][":id"].$patch({ param: { id: list.id }, json: body });
      onListChange(updated);
    } catch (failure) {
      toast({ title: "Failed to update the link", description: errorMessage(failure, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function rotate() {
    setBusy("rotate");
    try {
      const updated = await client["task-lists"][":id"]["rotate-share-id"].$post({ param: { id: list.id } });
      onListChange(updated);
      toast({ title: "New link created", description: "The old link no longer works." });
    } catch (failure) {
      toast({ title: "Failed to reset the link", description: errorMessage(failure, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  const link = `${window.location.origin}/list/${list.id}?shareId=${encodeURIComponent(list.shareId)}`;
  const expiry = list.linkExpiresAt === null ? null : expiryText(list.linkExpiresAt, Date.now());

  return (
    <div className="share stack">
      <form className="share__form" noValidate onSubmit={form.submit}>
        <Field
          id="share-username"
          label="Username"
          placeholder="Their username"
          autoComplete="off"
          data-autofocus
          {...form.field("username")}
        />
        <button type="submit" className="button button--primary" disabled={form.pending}>
          {form.pending && <Spinner label="Checking username" />}
          Share
        </button>
      </form>
      <div className="share__link-row">
        <label htmlFor="share-level">They can</label>
        <select id="share-level" className="input share__select" value={level} onChange={(e) => setLevel(e.target.value as LinkAccess)}>
          <LevelOptions />
        </select>
      </div>
      <p className="notice">
        <Icon name="info" size={18} />
        The user must already have an account on the platform to be added.
      </p>

      <section className="stack share__section" aria-labelledby="share-people">
        <h3 id="share-people">People with access</h3>
        {loaded === null ? (
          <p className="muted">
            <Spinner label="Loading recipients" /> Loading...
          </p>
        ) : shares.length === 0 ? (
          <p className="muted share__empty">No users yet</p>
        ) : (
          <ul className="share__people">
            {shares.map((record) => (
              <li key={record.sharedWithId}>
                <span className="share__avatar" aria-hidden="true">
                  {record.sharedWithName.slice(0, 1).toUpperCase()}
                </span>
                <span className="share__name">{record.sharedWithName}</span>
                {record.accessLevel !== "write" && record.accessLevel !== "admin" && (
                  <span className="badge badge--outline">{record.accessLevel === "check" ? "Tick only" : "View only"}</span>
                )}
                <button
                  type="button"
                  className="button button--outline button--small"
                  aria-label={`Unshare with ${record.sharedWithName}`}
                  disabled={busy !== null}
                  onClick={() => unshare(record)}
                >
                  {busy === `unshare-${record.sharedWithId}` && <Spinner label="Unsharing" />}
                  Unshare
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="stack share__section" aria-labelledby="share-link">
        <h3 id="share-link">Invite with a link</h3>
        <div className="share__link-row">
          <input className="input" readOnly value={link} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />
          {/* The phone's share sheet where the browser has one (only in a browser, so only once open). */}
          {typeof navigator.share === "function" ? (
            <button type="button" className="button button--outline" onClick={() => shareLink(list.name, link)}>
              <Icon name="share" size={16} /> Share link
            </button>
          ) : (
            <button type="button" className="button button--outline" onClick={() => copyLink(link)}>
              <Icon name="copy" size={16} /> Copy
            </button>
          )}
        </div>
        <div className="share__link-row">
          <label htmlFor="share-link-access">Anyone with the link can</label>
          <select
            id="share-link-access"
            className="input share__select"
            value={list.linkAccess}
            disabled={busy !== null}
            onChange={(e) => changeLink({ linkAccess: e.target.value as LinkAccess })}
          >
            <LevelOptions />
          </select>
        </div>
        <p className="muted">{LEVEL_HINTS[list.linkAccess]}</p>
        <div className="share__link-row">
          <label htmlFor="share-link-expiry">Link expiry</label>
          {/* The expiry is a time: while one is set, the choice shown is how long is left. */}
          <select
            id="share-link-expiry"
            className="input share__select"
            value={expiry === null ? "never" : "current"}
            disabled={busy !== null}
            onChange={(e) =>
              changeLink({ linkExpiresInDays: e.target.value === "never" ? null : (Number(e.target.value) as LinkExpiryDays) })
            }
          >
            {expiry !== null && (
              <option value="current" disabled>
                {expiry}
              </option>
            )}
            <option value="never">Never expires</option>
            {LINK_EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                Expires after {days === 1 ? "1 day" : `${days} days`}
              </option>
            ))}
          </select>
        </div>
        {expiry === "Expired" && (
          <p className="notice" role="status">
            <Icon name="info" size={18} />
            This link has expired: it no longer opens the list. Choose a new expiry or reset the link.
          </p>
        )}
        <button type="button" className="button button--ghost button--small share__rotate" disabled={busy !== null} onClick={rotate}>
          {busy === "rotate" ? <Spinner label="Creating a new link" /> : <Icon name="refresh" size={16} />}
          Reset link (the old link stops working)
        </button>
      </section>
    </div>
  );
}

/** The share sheet; a sheet the person closed is no failure, any other refusal falls back to the copy. */
async function shareLink(name: string, link: string) {
  try {
    await navigator.share({ title: name, text: `The list "${name}"`, url: link });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "AbortError")) await copyLink(link);
  }
}

async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: "Link copied", description: "Anyone with this link can open the list." });
  } catch {
    toast({ title: "Could not copy the link", description: "Select the link and copy it by hand.", variant: "destructive" });
  }
}
