import { Hono } from "hono";
import { getInviteCode, setInviteCode } from "../../domain/invites";
import { requireAdmin } from "../../domain/access";
import { publishVersion } from "../../domain/versions";
import { inviteCodeSchema, triggerVersionSchema } from "../../shared/admin";
import type { AppEnv } from "../env";
import { jsonBody } from "../validate";

/** Admin: user id 1 only (403 for others, 401 when signed out), checked before the body (docs/http-contract.md#routes). */
export const adminApi = new Hono<AppEnv>()
  .use("/admin/*", async (c, next) => {
    requireAdmin(c.get("user"));
    return next();
  })
  .get("/admin/invite-code", async (c) => c.json({ inviteCode: await getInviteCode(c.get("deps").store) }))
  .post("/admin/invite-code", jsonBody(inviteCodeSchema), async (c) => {
    const inviteCode = await setInviteCode(c.get("deps").store, c.req.valid("json").inviteCode);
    return c.json({ inviteCode, message: "Invite code updated successfully" });
  })
  .post("/admin/trigger-version-update", jsonBody(triggerVersionSchema), async (c) => {
    const { store, bus, presence } = c.get("deps");
    const version = await publishVersion(store, bus, c.req.valid("json").changes);
    return c.json({ sentCount: presence.connectedClients(), versionId: version.versionId });
  });
