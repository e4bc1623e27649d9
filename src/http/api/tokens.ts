import { Hono } from "hono";
import { createToken, listTokens, revokeToken } from "../../domain/tokens";
import { createTokenSchema, TOKEN_NOT_FOUND } from "../../shared/tokens";
import type { AppEnv } from "../env";
import { requireUser, signedIn } from "../middleware/session";
import { jsonBody, pathIds } from "../validate";

/** API tokens (docs/http-contract.md#api-tokens): a signed-in browser's alone, never a bearer's. */
export const tokensApi = new Hono<AppEnv>()
  .get("/tokens", signedIn, async (c) => c.json({ tokens: await listTokens(c.get("deps").store, requireUser(c)) }))
  .post("/tokens", signedIn, jsonBody(createTokenSchema), async (c) =>
    c.json(await createToken(c.get("deps").store, requireUser(c), c.req.valid("json")), 201),
  )
  .delete("/tokens/:id", signedIn, pathIds({ id: TOKEN_NOT_FOUND }), async (c) => {
    await revokeToken(c.get("deps").store, requireUser(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
