/**
 * @module Where the quick add's suggestions come from (docs/decisions/059-quick-add-memory.md):
 * the list's memory on the server, asked through the typed client, and offline the last usuals
 * this browser was given for the list, matched here the way the server matches them.
 */
import type { Suggestion } from "../../src/shared/memory";
import { matchText, titleKey } from "../../src/shared/title-keys";
import type { Task } from "../../src/shared/types";
import { client } from "../api";
import type { ListTarget } from "../offline/changes";
import { isNetworkFailure } from "../offline/key";

export type { Suggestion };

/** How many show under the field. */
export const SHOWN = 8;
/** The usuals asked for (the most the server gives): offline, what is typed is matched against these. */
const KEPT = 20;

/** Per list and per way in: an account's and a link's usuals are theirs (logging out clears the site's storage). */
const keyOf = (t: ListTarget) => `listwell:usuals:${t.listId}:${t.shareId ?? "own"}`;

function keptUsuals(t: ListTarget): Suggestion[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(keyOf(t)) ?? "[]");
    return Array.isArray(kept) ? (kept as Suggestion[]) : [];
  } catch {
    return [];
  }
}

function keepUsuals(t: ListTarget, usuals: Suggestion[]) {
  try {
    localStorage.setItem(keyOf(t), JSON.stringify(usuals));
  } catch {
    // Storage full or refused: suggestions still come from the server while online.
  }
}

/** As the server matches: the typed text starts the title or any word of it, accents and case ignored. */
export function matches(title: string, typed: string): boolean {
  const query = matchText(typed);
  return query === "" || ` ${matchText(title)}`.includes(` ${query}`);
}

/** Offline: the kept usuals that match. */
export const fromKept = (usuals: readonly Suggestion[], typed: string): Suggestion[] =>
  usuals.filter((usual) => matches(usual.title, typed)).slice(0, SHOWN);

/**
 * Whether a suggestion is "On the list": an open item of its title is on this page, its own adds
 * and ticks not yet saved included, which an answer asked for as they were made cannot know.
 */
export function onListMark(tasks: readonly Task[]): (title: string) => boolean {
  const open = new Set(tasks.filter((task) => !task.completed).map((task) => titleKey(task.title)));
  return (title) => open.has(titleKey(title));
}

/**
 * The suggestions for what is typed: the server's, or when no answer comes, the kept usuals
 * matched here. An empty field's answer is kept as the list's usuals.
 */
export async function suggest(t: ListTarget, typed: string): Promise<Suggestion[]> {
  const q = typed.trim();
  const query = { q, limit: q ? SHOWN : KEPT, ...(t.shareId ? { shareId: t.shareId } : {}) };
  try {
    const answer = await client["task-lists"][":id"].suggestions.$get({ param: { id: t.listId }, query });
    if (!q) keepUsuals(t, answer);
    return answer.slice(0, SHOWN);
  } catch (error) {
    if (!isNetworkFailure(error)) return [];
    return fromKept(keptUsuals(t), q);
  }
}
