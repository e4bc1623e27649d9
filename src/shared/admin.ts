import * as z from "zod";
import { INVITE_CODE, INVITE_CODE_EMPTY } from "./rules/admin";
import { textSchema, withPlainText } from "./text";

/** The admin's invite code rule (written once in ./rules/admin.ts, docs/product-rules.md#text-rules). */
export const inviteCodeSchema = z.object({ inviteCode: textSchema(INVITE_CODE, { error: INVITE_CODE_EMPTY }) });

/** The version dialog shows at most 5 changes (docs/product-rules.md#versions). */
export const MAX_VERSION_CHANGES = 5;

/** POST /api/admin/trigger-version-update: an empty body takes the changes from CHANGELOG.md. */
export const triggerVersionSchema = z.object({
  changes: z
    .array(withPlainText(z.string().trim().max(200, "A change cannot exceed 200 characters"), "A change"))
    .max(50)
    .optional(),
});

export const markSeenSchema = z.object({
  versionId: withPlainText(z.string({ error: "versionId is required" }).trim().min(1, "versionId is required").max(100), "versionId"),
});

/** The `version_update` message every connected client receives (docs/product-rules.md#live-updates). */
export interface VersionUpdateMessage {
  type: "version_update";
  versionId: string;
  changes: string[];
  timestamp: string;
}
