import { Hono } from "hono";
import { updateCheckSchema, versionSeenSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { checkForUpdate, markVersionSeen } from "../../domain/versions";
import { markSeenSchema } from "../../shared/admin";
import type { AppEnv } from "../env";
import { requireUser, signedIn } from "../middleware/session";
import { jsonBody } from "../validate";

/** Versions: what a user who was offline missed, until they mark it seen (docs/http-contract.md#routes). */
export const versionsApi = new Hono<AppEnv>()
  .get(
    "/version/check-updates",
    describe({
      tag: "Versions",
      summary: "The newest version the user has not seen",
      access: "signed-in",
      answers: { 200: updateCheckSchema },
    }),
    signedIn,
    async (c) => c.json(await checkForUpdate(c.get("deps").store, requireUser(c))),
  )
  .post(
    "/version/mark-seen",
    describe({ tag: "Versions", summary: "Mark a version seen", access: "signed-in", answers: { 200: versionSeenSchema } }),
    signedIn,
    jsonBody(markSeenSchema),
    async (c) => {
      const { versionId } = c.req.valid("json");
      await markVersionSeen(c.get("deps").store, requireUser(c), versionId);
      return c.json({ versionId, message: "Version marked as seen" });
    },
  );
