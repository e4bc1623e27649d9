/**
 * @module Signals between islands: each window event is named once here with what it carries,
 * and islands send and hear them through `emit` and `listen` only. Islands hydrate as separate
 * roots, so they share no React context; a window event reaches whichever of them is listening
 * (docs/decisions/034-typed-client-forms-signals.md).
 */
import type { ListRoutine } from "../src/shared/routines";
import type { Answer, QueuedChange } from "./offline/changes";

/** Why the page should read its data again: a change, a share appearing or going, a reconnect. */
export interface RefreshDetail {
  listId?: number;
  type: string;
  /** On `connect`: the list's newest event id as the subscription began. */
  eventId?: number;
}

/** A version the What's New dialog shows (the live `version_update`). */
export interface VersionUpdateDetail {
  versionId: string;
  changes?: string[];
}

/** A routine as shown; its next run is null while the change that set it waits in the outbox. */
export type ShownRoutine = Omit<ListRoutine, "nextRunAt"> & { nextRunAt: string | null };

export interface RoutineDetail {
  listId: number;
  routine: ShownRoutine | null;
  /** Its rule in words, "Every Sunday at 18:00"; null without a routine. */
  words: string | null;
}

/** Every signal by its window event's name, with its detail. */
export interface Signals {
  /** The live connection: read the page's data again. */
  "listwell:refresh": RefreshDetail;
  /** A version announced live, or shown locally when the server could not send it. */
  "listwell:version_update": VersionUpdateDetail;
  /** The guest chose a display name: the live connection reconnects so presence shows it. */
  "listwell:guest-name": null;
  /** A list's routine was set, stopped or ran: the header's line and the menu show it. */
  "listwell:routine": RoutineDetail;
  /** More actions' "Sections…": the list's own island opens its Sections dialog (docs/decisions/060-sections-browser.md). */
  "listwell:sections": { listId: number };
  /**
   * A write made by a dialog outside the list's own island (Repeats, Reset now): the list's one
   * store makes it, in turn with the rest, queued when it must wait; `reply` gets what
   * `store.apply` answers, null when queued (docs/decisions/067-offline-routines-and-copies.md).
   */
  "listwell:write": { listId: number; change: QueuedChange; reply: (answer: Promise<Answer | null>) => void };
}

export type SignalName = keyof Signals;

/** Each signal's last detail sent to the window, for an island that hydrates after it was sent (a deferred one). */
const lastSent = new Map<SignalName, unknown>();

export function emit<N extends SignalName>(name: N, detail: Signals[N], target: EventTarget = window) {
  if (target === window) lastSent.set(name, detail);
  target.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Calls `handler` with each signal's detail until the returned function is called. */
export function listen<N extends SignalName>(name: N, handler: (detail: Signals[N]) => void, target: EventTarget = window): () => void {
  const onEvent = (event: Event) => handler((event as CustomEvent<Signals[N]>).detail);
  target.addEventListener(name, onEvent);
  return () => target.removeEventListener(name, onEvent);
}

/** As `listen`, first called with the last such signal sent before, if any: a state such as a list's routine, not only a moment. */
export function follow<N extends SignalName>(name: N, handler: (detail: Signals[N]) => void): () => void {
  if (lastSent.has(name)) handler(lastSent.get(name) as Signals[N]);
  return listen(name, handler);
}
