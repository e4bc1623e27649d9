import { readFileSync } from "node:fs";
import { projectPath } from "../project-files";
import { BROADCAST_TOPIC, type EventBus } from "./bus";
import { MAX_VERSION_CHANGES, type VersionUpdateMessage } from "../shared/admin";
import type { VersionUpdate } from "../shared/types";
import type { Store } from "../store";
import type { UserRecord } from "../store/users";
import { notFound } from "./errors";

/** The version dialog's own fallback when nothing says what changed (docs/product-rules.md#versions). */
export const FALLBACK_CHANGE = "Latest improvements and bug fixes";

/** Conventional-commit prefixes ("feat: ", "fix(tasks)!: ") are stripped (docs/product-rules.md#versions). */
export function stripCommitPrefix(change: string): string {
  return change.replace(/^[a-z]+(\([^)]*\))?!?:\s*/i, "").trim();
}

/** The first bullet lines of a changelog (newest first), prefixes and Markdown's code marks stripped, at most five. */
export function changesFromChangelog(text: string): string[] {
  return text
    .split("\n")
    .map((line) => (/^\s*[-*]\s+(.*)$/.exec(line)?.[1] ?? "").replaceAll("`", ""))
    .map(stripCommitPrefix)
    .filter(Boolean)
    .slice(0, MAX_VERSION_CHANGES);
}

function readChangelog(): string {
  try {
    return readFileSync(projectPath("CHANGELOG.md"), "utf8");
  } catch {
    // Without a CHANGELOG.md the fallback change says enough.
    return "";
  }
}

/** What a new version lists as changed: the admin's words if given, else the changelog's. */
export function versionChanges(given: string[] | undefined): string[] {
  const changes = given?.length
    ? given.map(stripCommitPrefix).filter(Boolean).slice(0, MAX_VERSION_CHANGES)
    : changesFromChangelog(readChangelog());
  return changes.length > 0 ? changes : [FALLBACK_CHANGE];
}

/**
 * Records the version (so offline users see it at their next check) and pushes
 * `version_update` to every connected client.
 */
export async function publishVersion(store: Store, bus: EventBus, given: string[] | undefined): Promise<VersionUpdate> {
  const versionId = `${new Date().toISOString().slice(0, 10)}-${crypto.randomUUID().slice(0, 8)}`;
  const version = await store.versions.create(versionId, versionChanges(given));
  const message: VersionUpdateMessage = { type: "version_update", ...version };
  await bus.publish(BROADCAST_TOPIC, { ...message });
  return version;
}

/**
 * The newest version published since the user registered, unless they marked it seen; an older
 * version they never saw is superseded by it (one dialog, for the latest changes).
 */
export async function checkForUpdate(store: Store, user: UserRecord): Promise<{ hasUpdate: boolean; update: VersionUpdate | null }> {
  const newest = await store.versions.newestFor(user.id);
  if (!newest || newest.seen) return { hasUpdate: false, update: null };
  return { hasUpdate: true, update: newest.version };
}

export async function markVersionSeen(store: Store, user: UserRecord, versionId: string): Promise<void> {
  if (!(await store.versions.find(versionId))) throw notFound("Version not found");
  await store.versions.markSeen(user.id, versionId);
}
