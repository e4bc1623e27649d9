/**
 * @module The list page's one store (docs/decisions/031-one-list-store.md): the server's snapshot
 * plus the changes still pending, laid over it in order. Every write goes through `apply`: shown at
 * once, sent one after another with its Idempotency-Key, or put in the outbox when it must wait,
 * and rolled back on refusal by dropping it. Every list event carries whole items, so `receive`
 * applies it to the snapshot as it comes; the list is read again only when an event may change
 * what the caller may do or whether the list is there, or the page says there was a gap.
 * React-free, so the unit tests drive it directly.
 */
import type { LiveMessage } from "../../src/shared/live-messages";
import type { Section } from "../../src/shared/types";
import { type Answer, type Change, type Entry, isTemporaryId, mayWait, overlay, type QueuedChange, remapChange } from "../offline/changes";
import { isNetworkFailure, newKey } from "../offline/key";
import type { ListData } from "../offline/wire";
import { upsert } from "./logic";
import { applyEvent, withAnswer } from "./snapshot";

export interface Transport {
  /** Sends a change now: rejects with the server's refusal, or a TypeError when no answer came. */
  send(change: Change, key: string): Promise<Answer>;
  /** A change that may wait must wait now: offline, or changes wait in the outbox already. */
  mustWait(): boolean;
  /** Puts a change in the outbox, which sends it when it can; `unreachable`: a try just found no network. */
  queue(key: string, change: QueuedChange, title: string, unreachable: boolean): Promise<void>;
  read(): Promise<ListData>;
  /** An item added before the server answered was saved as `id`. */
  onServerId(temporary: number, id: number): void;
}

interface Pending {
  key: string;
  change: Change;
  /** Waiting in the outbox rather than in this page's own line. */
  queued: boolean;
  /** On its way to the server from this page, not yet answered. */
  sending?: boolean;
  /** How many events had been heard when it was sent: an item an event touched since is newer than its answer. */
  heardAt: number;
}

/** What the page shows: the list with every pending change laid over, and whether a read is under way. */
export type ListView = ListData & { loading: boolean };

export class ListStore {
  private snapshot: ListData;
  private pending: Pending[] = [];
  private view: ListView;
  private readonly listeners = new Set<() => void>();
  /** Writes go out one after another, so the server sees them in the order they were made. */
  private line: Promise<unknown> = Promise.resolve();
  private heard = 0;
  /** Per item, the count of events heard when one last touched it. */
  private readonly touched = new Map<number, number>();
  /**
   * Events heard and answers settled while a read is on its way, in the order they came, laid
   * again over what it answers: the read may have been answered before they reached the server.
   */
  private sinceReadBegan: Array<LiveMessage | Answer> | null = null;
  private loading = false;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  /** Temporary ids and the ids the server gave their items, for the outbox's copies that still name the temporary one. */
  private readonly serverIds = new Map<number, number>();

  constructor(
    private readonly listId: number,
    initial: ListData,
    private readonly transport: Transport,
  ) {
    this.snapshot = { ...initial, tasks: upsert([], initial.tasks) };
    this.view = { ...this.snapshot, loading: false };
  }

  getView = (): ListView => this.view;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Makes a change: shown at once, then sent in turn. Answers what the server answered, or null
   * when the change waits in the outbox; rejects with the refusal once the change is rolled back.
   */
  apply(change: Change, title: string, key = newKey()): Promise<Answer | null> {
    const entry: Pending = { key, change, queued: false, heardAt: this.heard };
    this.pending.push(entry);
    this.changed();
    const run = () => this.send(entry, title);
    const sent = this.line.then(run, run);
    this.line = sent.catch(() => {});
    return sent;
  }

  private async send(entry: Pending, title: string): Promise<Answer | null> {
    // Taken back (Undo) or settled by the outbox before its turn came.
    if (!this.pending.includes(entry)) return null;
    const { change } = entry;
    if (mayWait(change) && this.transport.mustWait()) return this.hand(entry, change, title, false);
    entry.heardAt = this.heard;
    entry.sending = true;
    try {
      const answer = await this.transport.send(change, entry.key);
      this.settle(entry.key, answer);
      return answer;
    } catch (error) {
      // No answer came: the change may have been applied. Queued with the same key, it is applied at most once.
      // What it names now: an echo heard meanwhile may have told its added item's id.
      const now = entry.change;
      if (mayWait(now) && isNetworkFailure(error)) return this.hand(entry, now, title, true).catch(() => Promise.reject(error));
      this.drop(entry.key);
      throw error;
    }
  }

  private async hand(entry: Pending, change: QueuedChange, title: string, unreachable: boolean): Promise<null> {
    entry.queued = true;
    await this.transport.queue(entry.key, change, title, unreachable).catch((error: unknown) => {
      this.drop(entry.key);
      throw error;
    });
    return null;
  }

  /** A change is answered: the answer joins the snapshot unless an event told of its items since, and the change stops pending. */
  settle(key: string, answer: Answer | null) {
    const entry = this.pending.find((one) => one.key === key);
    this.pending = this.pending.filter((one) => one !== entry);
    if (answer) {
      const since = entry?.heardAt ?? this.heard;
      const newer = (id: number) => (this.touched.get(id) ?? -1) > since;
      const fresh = { ...answer, tasks: answer.tasks.filter((task) => !newer(task.id)) };
      this.sinceReadBegan?.push(fresh);
      this.snapshot = withAnswer(this.snapshot, fresh);
      if (entry?.change.kind === "add" && answer.tasks[0]) this.follow(entry.change.id, answer.tasks[0].id);
    }
    this.changed();
  }

  /** Takes back a change that has not left this page yet (Undo); false once it was sent or queued. */
  cancel(key: string): boolean {
    const entry = this.pending.find((one) => one.key === key);
    if (!entry || entry.sending || entry.queued) return false;
    this.drop(key);
    return true;
  }

  /** Rolls a change back: it stops pending, and the screen shows what is left. */
  drop(key: string) {
    this.pending = this.pending.filter((one) => one.key !== key);
    this.changed();
  }

  /** The outbox's queue as stored: its changes for this list pend here too, in its order. */
  syncQueue(entries: readonly Entry[]) {
    const stored = new Map(entries.filter((entry) => entry.target.listId === this.listId).map((entry) => [entry.key, entry]));
    this.pending = this.pending.filter((one) => !one.queued || stored.has(one.key));
    for (const one of this.pending) if (stored.has(one.key)) one.change = this.named(stored.get(one.key)!.change);
    const known = new Set(this.pending.map((one) => one.key));
    for (const [key, entry] of stored)
      if (!known.has(key)) this.pending.push({ key, change: this.named(entry.change), queued: true, heardAt: this.heard });
    this.changed();
  }

  /** The sections as this page's own call to the server left them, before (or without) their live event. */
  receiveSections(sections: Section[]) {
    this.receive({ type: "sections_updated", timestamp: Date.now(), listId: this.listId, payload: { sections } });
  }

  /** A live event: applied to the snapshot; answers true when only a read of the list can follow it. */
  receive(message: LiveMessage): boolean {
    const effect = applyEvent(this.snapshot, message, this.listId);
    if (effect === "read") return true;
    if (!effect) return false;
    this.sinceReadBegan?.push(message);
    this.heard++;
    for (const id of effect.ids) this.touched.set(id, this.heard);
    this.snapshot = effect.data;
    if (message.type === "task_created") this.claimEcho(effect.data.tasks.find((task) => task.id === effect.ids[0]));
    this.changed();
    return false;
  }

  /**
   * Reads the whole list; the events heard meanwhile are laid over it again. Asked again while a
   * read is on its way, it reads once more after it, since the gap may have come after that read began.
   */
  read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = this.readOnce().finally(() => {
      this.reading = null;
      if (!this.readAgain) return;
      this.readAgain = false;
      return this.read();
    });
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    this.loading = true;
    this.sinceReadBegan = [];
    this.changed();
    try {
      let data = await this.transport.read();
      for (const heard of this.sinceReadBegan) {
        if ("deletedIds" in heard) {
          data = withAnswer(data, heard);
          continue;
        }
        const effect = applyEvent(data, heard, this.listId);
        if (effect && effect !== "read") data = effect.data;
      }
      this.snapshot = { ...data, tasks: upsert([], data.tasks) };
    } finally {
      this.sinceReadBegan = null;
      this.loading = false;
      this.changed();
    }
  }

  /**
   * The event of an item this page is adding may come before the answer that names its id: the
   * row shown under a temporary id takes the event's id then, so it never shows twice.
   */
  private claimEcho(task: { id: number; title: string; parentId: number } | undefined) {
    if (!task) return;
    for (const one of this.pending) {
      const { change } = one;
      if (change.kind !== "add" || !one.sending || !isTemporaryId(change.id)) continue;
      if (change.fields.title === task.title && change.parentId === task.parentId) return this.follow(change.id, task.id);
    }
  }

  /** The change with every temporary id this page has learnt the server's id of replaced by it. */
  private named<C extends Change>(change: C): C {
    return [...this.serverIds].reduce((current, [temporary, id]) => remapChange(current, temporary, id), change);
  }

  /** Pending changes that name a temporary id name the server's one from now on. */
  private follow(temporary: number, id: number) {
    if (temporary === id) return;
    this.serverIds.set(temporary, id);
    for (const one of this.pending) one.change = remapChange(one.change, temporary, id);
    this.transport.onServerId(temporary, id);
  }

  private changed() {
    const changes = this.pending.map((one) => one.change);
    const tasks = changes.length ? upsert([], overlay(this.snapshot.tasks, changes, this.listId)) : this.snapshot.tasks;
    this.view = { ...this.snapshot, tasks, loading: this.loading };
    for (const listener of this.listeners) listener();
  }
}
