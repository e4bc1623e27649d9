import { Hono } from "hono";
import { inviteCodeAnswerSchema, inviteCodeSetSchema, versionSentSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { getInviteCode, setInviteCode } from "../../domain/invites";
import { requireAdmin } from "../../domain/access";
import { publishVersion } from "../../domain/versions";
import { setPrivateAddressesAllowed, webhookAdminSettings } from "../../domain/webhooks";
import { inviteCodeSchema, triggerVersionSchema } from "../../shared/admin";
import { webhookAdminAnswerSchema, webhookAdminSchema } from "../../shared/webhooks";
import type { AppEnv } from "../env";
import { jsonBody } from "../validate";

/** Admin: user id 1 only (403 for others, 401 when signed out), checked before the body (docs/http-contract.md#routes). */
export const adminApi = new Hono<AppEnv>()
  .use("/admin/*", async (c, next) => {
    requireAdmin(c.get("user"));
    return next();
  })
  .get(
    "/admin/invite-code",
    describe({ tag: "Admin", summary: "The invite code registration needs", access: "session", answers: { 200: inviteCodeAnswerSchema } }),
    async (c) => c.json({ inviteCode: await getInviteCode(c.get("deps").store) }),
  )
  .post(
    "/admin/invite-code",
    describe({ tag: "Admin", summary: "Set the invite code", access: "session", answers: { 200: inviteCodeSetSchema } }),
    jsonBody(inviteCodeSchema),
    async (c) => {
      const inviteCode = await setInviteCode(c.get("deps").store, c.req.valid("json").inviteCode);
      return c.json({ inviteCode, message: "Invite code updated successfully" });
    },
  )
  .post(
    "/admin/trigger-version-update",
    describe({
      tag: "Admin",
      summary: "Announce a new version to every user",
      description: "Changes come from the body, or else from the CHANGELOG; online clients are told at once, others on their next check.",
      access: "session",
      answers: { 200: versionSentSchema },
    }),
    jsonBody(triggerVersionSchema),
    async (c) => {
      const { store, bus, presence } = c.get("deps");
      const version = await publishVersion(store, bus, c.req.valid("json").changes);
      return c.json({ sentCount: presence.connectedClients(), versionId: version.versionId });
    },
  )
  .get(
    "/admin/webhooks",
    describe({
      tag: "Admin",
      summary: "Whether webhooks may call private addresses",
      access: "session",
      answers: { 200: webhookAdminAnswerSchema },
    }),
    async (c) => {
      const { store, config } = c.get("deps");
      return c.json(await webhookAdminSettings(store, config));
    },
  )
  .put(
    "/admin/webhooks",
    describe({
      tag: "Admin",
      summary: "Allow webhooks to call private addresses, or not",
      description: "Private, loopback, link-local and unique-local addresses; WEBHOOK_ALLOW_PRIVATE=1 allows them whatever this says.",
      access: "session",
      answers: { 200: webhookAdminAnswerSchema },
    }),
    jsonBody(webhookAdminSchema),
    async (c) => {
      const { store, config } = c.get("deps");
      return c.json(await setPrivateAddressesAllowed(store, config, c.req.valid("json").allowPrivate));
    },
  );
