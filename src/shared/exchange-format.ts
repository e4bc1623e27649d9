/**
 * @module A list as Markdown, plain text and JSON (docs/product-rules.md#export-and-import; the
 * choices are in docs/decisions/021-exchange-formats.md). Pure and free of zod: the server writes the exports
 * with it, and Markdown written here reads back through ./markdown-list.ts into the same items.
 */
import { withSuffixes } from "./title-suffixes";
import type { Section, Task } from "./types";

/** The JSON document's `format`: a reader knows what it holds and which version wrote it. */
export const EXCHANGE_FORMAT = "listwell/1";

export const EXPORT_FORMATS = ["md", "json", "txt"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const IMPORT_FORMATS = ["md", "json"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One item of an exchanged list; `description`, the due fields and `children` are left out when empty. */
export interface ExchangeItem {
  title: string;
  description?: string;
  completed: boolean;
  dueAt?: string;
  remindAt?: string;
  repeat?: string;
  /** How much (docs/decisions/057-memory.md), left out when none. */
  quantity?: string;
  /** A top-level item's section, by its name in `sections`; left out when none. */
  section?: string;
  children?: ExchangeItem[];
}

export interface ExchangeList {
  name: string;
  /** The list's routine (docs/decisions/053-routines.md), when it has one: JSON carries it, Markdown does not. */
  routine?: { rrule: string; tz: string };
  /** The list's section names in order (empty ones too), left out when it has none. */
  sections?: string[];
  items: ExchangeItem[];
}

const itemOf = (task: Task, section: string | undefined, children: ExchangeItem[] = []): ExchangeItem => ({
  title: task.title,
  ...(task.description ? { description: task.description } : {}),
  completed: task.completed,
  ...(task.dueAt ? { dueAt: task.dueAt } : {}),
  ...(task.remindAt ? { remindAt: task.remindAt } : {}),
  ...(task.repeat ? { repeat: task.repeat } : {}),
  ...(task.quantity ? { quantity: task.quantity } : {}),
  ...(section !== undefined ? { section } : {}),
  ...(children.length > 0 ? { children } : {}),
});

/** A list's items (ordered by position, as the store reads them) as nested exchange items, sections by name. */
export function exchangeItemsOf(tasks: readonly Task[], sections: readonly Section[] = []): ExchangeItem[] {
  const names = new Map(sections.map((section) => [section.id, section.name]));
  const childrenOf = new Map<number, ExchangeItem[]>();
  for (const task of tasks) {
    if (task.parentId !== 0) childrenOf.set(task.parentId, [...(childrenOf.get(task.parentId) ?? []), itemOf(task, undefined)]);
  }
  return tasks
    .filter((task) => task.parentId === 0)
    .map((task) => itemOf(task, task.sectionId == null ? undefined : names.get(task.sectionId), childrenOf.get(task.id)));
}

/** The items without a section, then each section's name and items in the sections' order (empty ones too). */
function bySection({ sections = [], items }: ExchangeList): Array<{ name: string | null; items: ExchangeItem[] }> {
  const groups = [{ name: null, items: items.filter((item) => item.section === undefined) }];
  return [...groups, ...sections.map((name) => ({ name, items: items.filter((item) => item.section === name) }))];
}

/** `## name`, closed by ` ##` when the name itself ends in `#` so the reader keeps it whole. */
const sectionHeading = (name: string) => (name.endsWith("#") ? `## ${name} ##` : `## ${name}`);

const suffixed = (item: ExchangeItem) => withSuffixes(item.title, item);

const descriptionLines = (description: string | undefined) => (description ? description.split(/\r\n|\r|\n/) : []);

/**
 * `# name`, a blank line, then `- [ ] title` / `- [x] title`, sub-items two spaces in, and each
 * description line under its item as `> line`, two spaces deeper. Titles are written as typed:
 * after the box everything is title, so `[`, `#` or a leading `-` come back unchanged. A due date
 * follows the title as ` (due 2026-12-01)` (docs/decisions/055-due-dates.md), a quantity before it as
 * ` (qty 2 l)`, and each section is a `## name` with its items under it (docs/decisions/057-memory.md).
 */
export function toMarkdown(list: ExchangeList): string {
  const lines = [`# ${list.name}`, ""];
  const write = (item: ExchangeItem, indent: string) => {
    lines.push(`${indent}- [${item.completed ? "x" : " "}] ${suffixed(item)}`);
    for (const line of descriptionLines(item.description)) lines.push(`${indent}  >${line ? ` ${line}` : ""}`);
    for (const child of item.children ?? []) write(child, `${indent}  `);
  };
  for (const group of bySection(list)) {
    if (group.name !== null) lines.push(...(lines.at(-1) === "" ? [] : [""]), sectionHeading(group.name), "");
    for (const item of group.items) write(item, "");
  }
  return `${lines.join("\n")}\n`;
}

/** For someone without the app: the name, then ☐ / ☑ per item, sub-items and descriptions indented under theirs. */
export function toPlainText(list: ExchangeList): string {
  const lines = [list.name, ""];
  const write = (item: ExchangeItem, indent: string) => {
    lines.push(`${indent}${item.completed ? "☑" : "☐"} ${suffixed(item)}`);
    for (const line of descriptionLines(item.description)) lines.push(line ? `${indent}  ${line}` : "");
    for (const child of item.children ?? []) write(child, `${indent}  `);
  };
  for (const group of bySection(list)) {
    if (group.name !== null) lines.push(...(lines.at(-1) === "" ? [] : [""]), group.name, "");
    for (const item of group.items) write(item, "");
  }
  return `${lines.join("\n")}\n`;
}

export const toJsonDocument = ({ name, routine, sections, items }: ExchangeList) =>
  `${JSON.stringify({ format: EXCHANGE_FORMAT, name, ...(routine ? { routine } : {}), ...(sections?.length ? { sections } : {}), items }, null, 2)}\n`;

/** Every list of an account in one file (Settings' "Export all lists"). */
export const toJsonArchive = (lists: readonly ExchangeList[]) => `${JSON.stringify({ format: EXCHANGE_FORMAT, lists }, null, 2)}\n`;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  md: "text/markdown; charset=utf-8",
  json: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
};

/**
 * A download's `Content-Disposition`: the list's name as the file's, without the characters a file
 * system or the header refuses, plus an ASCII fallback for old clients (RFC 6266).
 */
export function attachmentFor(name: string, format: ExportFormat): string {
  const base =
    name
      .normalize("NFC")
      .replace(/[\\/:|]+/g, "-")
      .replace(/["*?<>\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, "")
      .replace(/\s+/g, " ")
      .replace(/^[\s.-]+|[\s.-]+$/g, "") || "list";
  const ascii = base.replace(/[^\x20-\x7e]/gu, "_");
  const encoded = encodeURIComponent(`${base}.${format}`).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.${format}"; filename*=UTF-8''${encoded}`;
}
