import * as z from "zod";
import { plainText } from "./text";

/** SPEC §5 "Admin invite code": not empty. */
export const inviteCodeSchema = z.object({
  inviteCode: plainText(
    z
      .string({ error: "Invite code cannot be empty" })
      .trim()
      .min(1, "Invite code cannot be empty")
      .max(64, "Invite code cannot exceed 64 characters"),
    "Invite code",
  ),
});

/** SPEC §2 "Version dialog" shows at most 5 changes. */
export const MAX_VERSION_CHANGES = 5;

/** POST /api/admin/trigger-version-update: an empty body takes the changes from CHANGELOG.md. */
export const triggerVersionSchema = z.object({
  changes: z
    .array(plainText(z.string().trim().max(200, "A change cannot exceed 200 characters"), "A change"))
    .max(50)
    .optional(),
});

export const markSeenSchema = z.object({
  versionId: plainText(z.string({ error: "versionId is required" }).trim().min(1, "versionId is required").max(100), "versionId"),
});

/** The `version_update` message every connected client receives (SPEC §4). */
export interface VersionUpdateMessage {
  type: "version_update";
  versionId: string;
  changes: string[];
  timestamp: string;
}
