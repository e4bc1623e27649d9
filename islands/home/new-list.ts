import { LIST_NAME_MAX } from "../../src/shared/rules/lists";
import type { TaskList } from "../../src/shared/types";
import { ApiRequestError } from "../api";
import { toast } from "../toast";

/** The server's 403 LIST_LIMIT_REACHED, which opens the limit dialog rather than a toast. */
export const isListLimit = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403 && error.body.error === "LIST_LIMIT_REACHED";

const COPY_SUFFIX = " (copy)";

/** The name Duplicate offers, "Groceries (copy)", the original shortened so it stays a valid name. */
export function copyName(name: string): string {
  let base = name;
  while (`${base}${COPY_SUFFIX}`.length > LIST_NAME_MAX) base = Array.from(base).slice(0, -1).join("");
  return `${base.trimEnd()}${COPY_SUFFIX}`;
}

/** The copy stays on Home, where the person is making it; one tap opens it. */
export function announceCopy(copy: TaskList) {
  toast({
    title: "List duplicated",
    description: `"${copy.name}" has the same items, all unticked.`,
    action: { label: "Open", onClick: () => window.location.assign(`/list/${copy.id}`) },
  });
}
