import { Hono } from "hono";
import { searchAnswerSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { withinTokenScope } from "../../domain/access";
import { search } from "../../domain/search";
import { type SearchResponse, searchQuerySchema } from "../../shared/search";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { requireUser, signedIn } from "../middleware/session";
import { queryParams } from "../validate";

/** Search across the caller's lists (docs/decisions/058-search.md): signed-in people only, link guests have none. */
export const searchApi = new Hono<AppEnv>().get(
  "/search",
  describe({ tag: "Search", summary: "Search the caller's lists and items", access: "signed-in", answers: { 200: searchAnswerSchema } }),
  signedIn,
  queryParams(searchQuerySchema),
  async (c) => {
    const results = await search(c.get("deps").store, requireUser(c).id, c.req.valid("query").q);
    return c.json<SearchResponse>({ results: withinTokenScope(callerOf(c), results, (result) => result.listId) });
  },
);
