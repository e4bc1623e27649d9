/** @module Search across a person's lists (docs/decisions/058-search.md): the query's rule and the answer's shape. */
import * as z from "zod";

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_LENGTH = "Search needs 1 to 100 characters";
/** At most this many results: lists matched by name and items together. */
export const SEARCH_MAX_RESULTS = 50;

/** `GET /api/search?q=`: trimmed, 1 to 100 characters; each word is a prefix, accents and case ignored. */
export const searchQuerySchema = z.object({
  q: z.string({ error: SEARCH_LENGTH }).trim().min(1, SEARCH_LENGTH).max(SEARCH_MAX_LENGTH, SEARCH_LENGTH),
});

export interface SearchResult {
  type: "item" | "list";
  listId: number;
  listName: string;
  /** The item's id; null for a list matched by its name. */
  taskId: number | null;
  /** The item's title, or the list's name. */
  title: string;
  /** The title, or a short excerpt of the description around the match when the match is only there. */
  snippet: string;
  /** Whether the item is ticked; false for a list. */
  completed: boolean;
}

export interface SearchResponse {
  results: SearchResult[];
}
