/**
 * @module A paste's `## Heading`s as the list's sections (docs/decisions/060-sections-browser.md),
 * so a list exported as Markdown pastes back as it was. Fetched with the first paste, not with the page.
 */
import type { PastedItem } from "../../src/shared/markdown-list";
import { nameKey } from "../../src/shared/title-keys";
import type { Section } from "../../src/shared/types";
import { client } from "../api";
import type { ListTarget } from "../offline/changes";

/** The heading names no section of the list has yet (case-folded, as the server tells names apart), each once. */
function missingSections(items: readonly PastedItem[], sections: readonly Section[]): string[] {
  const known = new Set(sections.map((section) => nameKey(section.name)));
  const missing = new Map<string, string>();
  for (const { section } of items) {
    const name = section?.trim();
    if (name && !known.has(nameKey(name)) && !missing.has(nameKey(name))) missing.set(nameKey(name), name);
  }
  return [...missing.values()];
}

/**
 * The items under a heading in the section of that name, the sections the list lacks added first
 * (a paste is sent online only); the others keep no `sectionId`, so the server places them where
 * their titles last were. Answers the items and the list's sections as they now are.
 */
export async function placePasted(target: ListTarget, sections: Section[], items: readonly PastedItem[]) {
  let known = sections;
  const query = target.shareId ? { shareId: target.shareId } : {};
  for (const name of missingSections(items, sections))
    known = [...known, await client["task-lists"][":id"].sections.$post({ param: { id: target.listId }, query, json: { name } })];
  const ids = new Map(known.map((section) => [nameKey(section.name), section.id]));
  const placed = items.map(({ section, ...item }) => {
    const sectionId = section?.trim() ? ids.get(nameKey(section)) : undefined;
    return sectionId === undefined ? item : { ...item, sectionId };
  });
  return { items: placed, sections: known };
}
