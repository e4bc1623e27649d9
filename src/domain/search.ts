import { fold, matchesAll, excerpt, searchWords } from "../shared/search-words";
import { SEARCH_MAX_RESULTS, type SearchResult } from "../shared/search";
import type { Store } from "../store";
import type { FoundItem } from "../store/search";
import { ownLists } from "./lists";
import { sharedWithMe } from "./sharing";

/**
 * @module Search across a person's lists (docs/decisions/058-search.md): which lists it reads, and
 * how what the store finds becomes results.
 */

interface SearchedList {
  id: number;
  name: string;
}

/**
 * The lists a person searches, in their Home's order: their own, then those shared with them by
 * username at any level. A list they only reach through its link is not theirs to search: the
 * link is a key to one list, not a place on their Home.
 */
async function searchableLists(store: Store, userId: number): Promise<SearchedList[]> {
  const [own, shared] = await Promise.all([ownLists(store, userId), sharedWithMe(store, userId)]);
  return [...own.map(({ id, name }) => ({ id, name })), ...shared.map(({ list }) => ({ id: list.id, name: list.name }))];
}

const itemResult = (item: FoundItem, list: SearchedList, words: string[]): SearchResult => ({
  type: "item",
  listId: list.id,
  listName: list.name,
  taskId: item.id,
  title: item.title,
  snippet: item.inTitle || item.description.trim() === "" ? item.title : excerpt(item.description, words),
  completed: item.completed,
});

/**
 * GET /api/search: lists whose name matches and live items whose title or description matches
 * every word as a prefix, at most 50. The best 50 are lists and title matches before items that
 * match only in their description; they answer grouped by list in the Home's order, each list's
 * own entry first, then its title matches, then the rest, each in the list's order.
 */
export async function search(store: Store, userId: number, query: string): Promise<SearchResult[]> {
  const typed = searchWords(query);
  if (typed.length === 0) return [];
  const words = typed.map(fold);
  const lists = await searchableLists(store, userId);
  const named = lists.filter((list) => matchesAll(list.name, words)).slice(0, SEARCH_MAX_RESULTS);
  const items = await store.search.findItems(
    lists.map((list) => list.id),
    typed,
    SEARCH_MAX_RESULTS - named.length,
  );
  return lists.flatMap((list) => {
    const own = items.filter((item) => item.listId === list.id);
    const listEntry: SearchResult[] = named.includes(list)
      ? [{ type: "list", listId: list.id, listName: list.name, taskId: null, title: list.name, snippet: list.name, completed: false }]
      : [];
    return [...listEntry, ...own.map((item) => itemResult(item, list, words))];
  });
}
