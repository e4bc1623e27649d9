import { Hono } from "hono";
import { pollClientSchema, pollResponseSchema, pollSubscribedSchema, pollUnsubscribedSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { presentableGuestName } from "../../domain/actors";
import { badRequest, notFound } from "../../domain/errors";
import type { PollCaller, PollClient } from "../../realtime/poll";
import { pollConnectSchema, pollSubscribeSchema, type PollResponse } from "../../shared/realtime";
import { rawGuestName } from "../caller";
import type { AppContext, AppEnv } from "../env";
import { clientIp, liveToken } from "../middleware/session";
import { pollQuerySchema } from "../../shared/params";
import { jsonBody, queryParams } from "../validate";

/** Long-poll routes (docs/http-contract.md#long-poll); the registry behind them is src/realtime/poll.ts. */
const UNKNOWN_CLIENT = "Unknown poll client";

function callerOf(c: AppContext, bodyShareId?: string): PollCaller {
  const shareId = c.req.query("shareId")?.trim() || bodyShareId;
  const token = c.get("token");
  const identity = {
    userId: c.get("user")?.id ?? null,
    sessionId: c.get("session")?.id ?? null,
    ...(token ? liveToken(token) : {}),
  };
  return { identity, ...(shareId ? { shareId } : {}) };
}

/** A client that is not the caller's answers 404 exactly like one that does not exist. */
function clientOf(c: AppContext, clientId: string, bodyShareId?: string): PollClient {
  const client = c.get("deps").realtime.polls.find(clientId, callerOf(c, bodyShareId));
  if (!client) throw notFound(UNKNOWN_CLIENT);
  return client;
}

const target = (input: { listId?: number; shareId?: string }) => ({
  ...(input.listId !== undefined ? { listId: input.listId } : {}),
  ...(input.shareId ? { shareId: input.shareId } : {}),
});

export const pollApi = new Hono<AppEnv>()
  .post(
    "/poll/connect",
    describe({
      tag: "Live updates",
      summary: "Start a long-poll client",
      access: "link",
      body: pollConnectSchema,
      answers: { 200: pollClientSchema },
      refusals: [400, 429],
    }),
    async (c) => {
      // The body is optional (an optional clientId), so it is parsed here rather than required.
      const text = await c.req.text();
      let raw: unknown = {};
      try {
        raw = text.trim() ? JSON.parse(text) : {};
      } catch {
        throw badRequest("Invalid JSON body");
      }
      const parsed = pollConnectSchema.safeParse(raw);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid input");
      // The address counts toward its allowance of clients that follow nothing (docs/product-rules.md#limits).
      const caller = callerOf(c);
      // A guest's name, for the presence row (docs/decisions/024); one that may not be used leaves them unnamed.
      const guestName = caller.identity.userId === null ? await presentableGuestName(c.get("deps").store, rawGuestName(c)) : undefined;
      if (guestName) Object.assign(caller.identity, { guestName });
      const client = await c.get("deps").realtime.polls.connect({ ...caller, ip: clientIp(c) }, parsed.data.clientId);
      return c.json({ clientId: client.id });
    },
  )
  .post(
    "/poll/subscribe",
    describe({
      tag: "Live updates",
      summary: "Follow a list's changes",
      access: "link",
      answers: { 200: pollSubscribedSchema },
      refusals: [404],
    }),
    jsonBody(pollSubscribeSchema),
    async (c) => {
      const input = c.req.valid("json");
      const client = clientOf(c, input.clientId, input.shareId);
      if (input.presence) client.hearsPresence = true;
      const { subscription, eventId } = await c.get("deps").realtime.polls.subscribe(client, target(input));
      // The page compares it with what it shows and refetches what it missed before polling began.
      return c.json({ subscribed: true, listId: subscription.listId, eventId });
    },
  )
  .post(
    "/poll/unsubscribe",
    describe({
      tag: "Live updates",
      summary: "Stop following a list",
      access: "link",
      answers: { 200: pollUnsubscribedSchema },
      refusals: [404],
    }),
    jsonBody(pollSubscribeSchema),
    async (c) => {
      const input = c.req.valid("json");
      const client = clientOf(c, input.clientId, input.shareId);
      return c.json({ unsubscribed: c.get("deps").realtime.polls.unsubscribe(client, target(input)) });
    },
  )
  .get(
    "/poll/:clientId",
    describe({
      tag: "Live updates",
      summary: "Wait for the next events (up to about 25 seconds)",
      access: "link",
      answers: { 200: pollResponseSchema },
    }),
    queryParams(pollQuerySchema),
    async (c) => {
      const client = clientOf(c, c.req.param("clientId"));
      const { lastEventId } = c.req.valid("query");
      const events = await c.get("deps").realtime.polls.poll(client, lastEventId, c.req.raw.signal);
      return c.json<PollResponse>({ events });
    },
  );
