/**
 * @module The outbox: the list page's writes that could not reach the server, kept in order
 * (./queue-store.ts) and replayed once it can be reached again. Each change goes out with the key
 * it was queued with, so a change whose answer was lost is applied once (docs/decisions/018).
 * The page's store (islands/list/store.ts) lays what waits here over the list; why it works this
 * way: docs/decisions/020-outbox.md and 031-one-list-store.md.
 */
import { ApiRequestError } from "../api";
import { toast } from "../toast";
import { type Answer, type Entry, idsOf, isTemporaryId, type QueuedChange, remapChange } from "./changes";
import { type Failure, verdictFor } from "./verdicts";
import { indexedDbQueue, type QueueStore } from "./queue-store";
import { sendChange } from "./wire";

export interface OutboxState {
  /** Changes waiting in this account's (or link's) queue, every list's. */
  waiting: number;
  /** The items of this list that have a change waiting. */
  ids: ReadonlySet<number>;
  /** A replay is under way. */
  saving: boolean;
  /** The last try found no network: the changes wait for the next chance. */
  unreachable: boolean;
}

export interface OutboxScreen {
  listId: number;
  /** The queue as stored changed: this scope's entries, in order (other tabs' and earlier visits' too). */
  onEntries: (entries: readonly Entry[]) => void;
  /** A queued change was sent: what the server answered, or null when it refused it. */
  onSettled: (entry: Entry, answer: Answer | null) => void;
  /** Reads the list again once a replay is done, so every device ends on the same list. */
  refetch: () => void;
  onState: (state: OutboxState) => void;
}

/**
 * After a failed try while the browser says it is online, the next comes this much later, doubling:
 * the try made the moment the network comes back often meets it not quite there yet, and a person
 * who just got back should see their changes saved within a second or two, not after 2 + 4 + 8 s.
 */
const RETRY_MS = 500;
const RETRY_MAX_MS = 30_000;

export class Outbox {
  private entries: Entry[] = [];
  private flushing = false;
  private again = false;
  private retryMs = RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lastSeq = 0;
  private state: OutboxState = { waiting: 0, ids: new Set(), saving: false, unreachable: false };
  /** Temporary ids the server has given real ones, for a write made on a row before it learnt its id. */
  private readonly serverIds = new Map<number, number>();

  constructor(
    private readonly scope: string,
    private readonly store: QueueStore,
    private readonly screen: OutboxScreen,
  ) {}

  /** Reads the queue as stored (another tab or an earlier visit may have left changes). */
  async load() {
    await this.reload();
  }

  /** Queues a change the page shows already. */
  async queue(entry: Omit<Entry, "scope" | "seq">, unreachable: boolean) {
    const change = this.followServerIds(entry.change);
    this.lastSeq = Math.max(Date.now() * 1000, this.lastSeq + 1);
    await this.store.put({ ...entry, change, scope: this.scope, seq: this.lastSeq });
    if (unreachable) this.state = { ...this.state, unreachable: true };
    await this.reload();
    if (unreachable) this.retryLater();
  }

  /** Takes a queued change back (Undo of an offline delete); false once it has been sent. */
  async cancel(key: string): Promise<boolean> {
    if (!this.entries.some((entry) => entry.key === key)) return false;
    await this.store.remove(key);
    await this.reload();
    return true;
  }

  /** Replays the queue in order; a call during a replay makes it go round once more. */
  async flush() {
    if (this.flushing) {
      this.again = true;
      return;
    }
    clearTimeout(this.retryTimer);
    this.flushing = true;
    const refused: string[] = [];
    let sent = 0;
    try {
      do {
        this.again = false;
        sent += await withLock(`listwell-outbox:${this.scope}`, () => this.replay(refused));
      } while (this.again);
    } finally {
      this.flushing = false;
      this.setState({ saving: false });
    }
    if (refused.length > 0)
      toast({
        title: refused.length === 1 ? "A change was not saved" : `${refused.length} changes were not saved`,
        description: refused.join(" "),
        variant: "destructive",
      });
    if (sent > 0) this.screen.refetch();
  }

  private async replay(refused: string[]): Promise<number> {
    let sent = 0;
    for (;;) {
      await this.reload();
      const entry = this.entries[0];
      if (!entry) return sent;
      this.setState({ saving: true });
      let result: Answer | null = null;
      let failure: Failure | null = null;
      try {
        result = await sendChange(entry.target, entry.change, entry.key);
      } catch (error) {
        failure = error instanceof ApiRequestError ? { status: error.status, message: error.body.message, code: error.body.error } : {};
      }
      const verdict = verdictFor(entry.change, failure, entry.title);
      if (verdict.kind === "retry") {
        this.setState({ unreachable: true });
        this.retryLater();
        return sent;
      }
      sent++;
      this.retryMs = RETRY_MS;
      await this.store.remove(entry.key);
      await this.read();
      const answer = verdict.kind === "done" ? result : null;
      if (verdict.kind === "refused") {
        refused.push(verdict.reason);
        if (entry.change.kind === "add") await this.dropChangesTo(entry.change.id);
      } else if (entry.change.kind === "add" && answer?.tasks[0]) await this.learnServerId(entry.change.id, answer.tasks[0].id);
      // Told before the queue shrinks, so the screen never shows the item without the change in between.
      this.screen.onSettled(entry, answer);
      await this.reload();
      this.setState({ unreachable: false });
    }
  }

  /** An added item got its id: every change still waiting that names the temporary one follows it. */
  private async learnServerId(temporary: number, id: number) {
    this.serverIds.set(temporary, id);
    for (const entry of this.entries) {
      if (idsOf(entry.change).includes(temporary)) await this.store.put({ ...entry, change: remapChange(entry.change, temporary, id) });
    }
  }

  /** A refused add takes the changes made to its item with it: there is nothing for them to change. */
  private async dropChangesTo(temporary: number) {
    for (const entry of this.entries) {
      if (entry.change.kind === "reorder") {
        const items = entry.change.items.filter((item) => item.id !== temporary);
        if (items.length !== entry.change.items.length) await this.store.put({ ...entry, change: { kind: "reorder", items } });
      } else if (idsOf(entry.change).includes(temporary)) await this.store.remove(entry.key);
    }
  }

  private followServerIds(change: QueuedChange): QueuedChange {
    return idsOf(change)
      .filter(isTemporaryId)
      .reduce((current, id) => (this.serverIds.has(id) ? remapChange(current, id, this.serverIds.get(id)!) : current), change);
  }

  private retryLater() {
    clearTimeout(this.retryTimer);
    if (!navigator.onLine) return;
    this.retryTimer = setTimeout(() => void this.flush(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  /** Reads the queue as stored and tells the screen. */
  private async reload() {
    await this.read();
    this.screen.onEntries(this.entries);
  }

  private async read() {
    this.entries = await this.store.list(this.scope);
    // A row is marked for a change of its own. A queued order is shown in place and counted in the
    // banner: marking every row it names would mark them all.
    const ids = new Set<number>();
    for (const { target, change } of this.entries) if (target.listId === this.screen.listId && "id" in change) ids.add(change.id);
    this.setState({ waiting: this.entries.length, ids });
  }

  private setState(change: Partial<OutboxState>) {
    this.state = { ...this.state, ...change };
    this.screen.onState(this.state);
  }
}

/** One replay at a time across this browser's tabs, where the browser can say so (Web Locks). */
function withLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request(name, run) : run();
}

/** The page's outbox over IndexedDB, with what already waits read and told to the screen. */
export async function openOutbox(scope: string, screen: OutboxScreen): Promise<Outbox> {
  const outbox = new Outbox(scope, indexedDbQueue(), screen);
  await outbox.load();
  return outbox;
}
