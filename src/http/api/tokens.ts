import { Hono } from "hono";
import { createToken, listTokens, revokeToken } from "../../domain/tokens";
import { apiTokensSchema, createdApiTokenSchema, createTokenSchema, TOKEN_NOT_FOUND } from "../../shared/tokens";
import type { AppEnv } from "../env";
import { requireUser, signedIn } from "../middleware/session";
import { describe } from "../openapi/describe";
import { jsonBody, pathIds } from "../validate";

/** API tokens (docs/http-contract.md#api-tokens): a signed-in browser's alone, never a bearer's. */
export const tokensApi = new Hono<AppEnv>()
  .get(
    "/tokens",
    describe({
      tag: "Tokens",
      summary: "The caller's API tokens, without their secrets",
      access: "session",
      answers: { 200: apiTokensSchema },
    }),
    signedIn,
    async (c) => c.json({ tokens: await listTokens(c.get("deps").store, requireUser(c)) }),
  )
  .post(
    "/tokens",
    describe({
      tag: "Tokens",
      summary: "Make an API token",
      description: "The answer's `token` is shown this once; the server keeps only its SHA-256.",
      access: "session",
      answers: { 201: createdApiTokenSchema },
    }),
    signedIn,
    jsonBody(createTokenSchema),
    async (c) => c.json(await createToken(c.get("deps").store, requireUser(c), c.req.valid("json")), 201),
  )
  .delete(
    "/tokens/:id",
    describe({ tag: "Tokens", summary: "Revoke an API token", access: "session", answers: { 204: null } }),
    signedIn,
    pathIds({ id: TOKEN_NOT_FOUND }),
    async (c) => {
      const { store, bus } = c.get("deps");
      await revokeToken(store, bus, requireUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
