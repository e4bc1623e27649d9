import * as z from "zod";
import { INVITE_CODE, INVITE_CODE_EMPTY } from "./rules/admin";
import { textSchema, withPlainText } from "./text";

/** SPEC §5 "Admin invite code" (written once in ./rules/admin.ts). */
export const inviteCodeSchema = z.object({ inviteCode: textSchema(INVITE_CODE, { error: INVITE_CODE_EMPTY }) });

/** SPEC §2 "Version dialog" shows at most 5 changes. */
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

/** The `version_update` message every connected client receives (SPEC §4). */
export interface VersionUpdateMessage {
  type: "version_update";
  versionId: string;
  changes: string[];
  timestamp: string;
}
