/**
 * @module Where a list's items stand among its sections (docs/decisions/060-sections-browser.md):
 * the groups the page shows, and where a moved item lands. Pure, so unit tests pin the rules.
 */
import type { Section, Task } from "../../src/shared/types";

/** One headed group of rows; `section` null for the items in no section, shown first without a heading. */
export interface SectionGroup {
  section: Section | null;
  rows: Task[];
}

/** Where a moved item lands: in section `sectionId` (null: none), right after item `afterId` (null: first in it). */
export interface Landing {
  sectionId: number | null;
  afterId: number | null;
}

export const bySectionOrder = (a: Section, b: Section) => a.position - b.position || a.id - b.id;

/** The section an item shows in: none when it has none, or when its section is no longer in the set. */
export const sectionOf = (task: Task, sections: readonly Section[]) =>
  task.sectionId != null && sections.some((section) => section.id === task.sectionId) ? task.sectionId : null;

/**
 * The rows in groups, each in the order given: those in no section first, then every section in
 * its order, empty ones too, so a row can be moved into them.
 */
export function groupBySection(rows: readonly Task[], sections: readonly Section[]): SectionGroup[] {
  const ordered = sections.slice().sort(bySectionOrder);
  const groups: SectionGroup[] = [{ section: null, rows: [] }, ...ordered.map((section) => ({ section, rows: [] as Task[] }))];
  const at = new Map(ordered.map((section, i) => [section.id, groups[i + 1]!]));
  for (const row of rows) (at.get(sectionOf(row, ordered) ?? -1) ?? groups[0]!).rows.push(row);
  return groups;
}

/**
 * The positions and section a move leaves: the view's items (`group`, hidden ones too) in their
 * groups' order with `movedId` placed at `landing`, handing the group's own positions out again in
 * that order (as a drag without sections does). Answers only the items whose position changed,
 * and the section when it changed.
 */
export function place(
  group: readonly Task[],
  sections: readonly Section[],
  movedId: number,
  landing: Landing,
): { items: Array<{ id: number; position: number }>; sectionId?: number | null } {
  const moved = group.find((task) => task.id === movedId);
  if (!moved) return { items: [] };
  const groups = groupBySection(
    group.filter((task) => task.id !== movedId),
    sections,
  );
  const target = groups.find((one) => (one.section?.id ?? null) === landing.sectionId) ?? groups[0]!;
  const after = target.rows.findIndex((task) => task.id === landing.afterId);
  target.rows.splice(after + 1, 0, moved);
  const positions = group.map((task) => task.position).sort((a, b) => a - b);
  for (let i = 1; i < positions.length; i++) if (positions[i]! <= positions[i - 1]!) positions[i] = positions[i - 1]! + 1;
  const was = new Map(group.map((task) => [task.id, task.position]));
  const items = groups
    .flatMap((one) => one.rows)
    .map((task, i) => ({ id: task.id, position: positions[i]! }))
    .filter((item) => was.get(item.id) !== item.position);
  const sectionId = target.section?.id ?? null;
  return sectionId === sectionOf(moved, sections) ? { items } : { items, sectionId };
}

/**
 * The keyboard's and the row menu's one step up or down among the groups shown: within its group,
 * or at a group's edge into the next group (its end going up, its start going down). Null at the
 * first row of the first group or the last of the last.
 */
export function stepLanding(groups: readonly SectionGroup[], taskId: number, by: -1 | 1): Landing | null {
  const g = groups.findIndex((one) => one.rows.some((task) => task.id === taskId));
  if (g < 0) return null;
  const { rows, section } = groups[g]!;
  const r = rows.findIndex((task) => task.id === taskId);
  const sectionId = section?.id ?? null;
  if (by === -1 && r > 0) return { sectionId, afterId: rows[r - 2]?.id ?? null };
  if (by === 1 && r < rows.length - 1) return { sectionId, afterId: rows[r + 1]!.id };
  const next = groups[g + by];
  if (!next) return null;
  return { sectionId: next.section?.id ?? null, afterId: by === -1 ? (next.rows.at(-1)?.id ?? null) : null };
}

/** A section's heading as the page shows it: before row `at` of the rows shown, with its count of rows. */
export interface HeadingView {
  section: Section;
  count: number;
  collapsed: boolean;
  at: number;
}

/** The open rows in their groups (`groups`), the rows shown (a collapsed section's hidden), and where each heading stands among them. */
export function sectionLayout(open: readonly Task[], sections: readonly Section[], collapsed: ReadonlySet<number>) {
  const groups = groupBySection(open, sections);
  const rows: Task[] = [];
  const headings: HeadingView[] = [];
  for (const { section, rows: inGroup } of groups) {
    const folded = section !== null && collapsed.has(section.id);
    if (section) headings.push({ section, count: inGroup.length, collapsed: folded, at: rows.length });
    if (!folded) rows.push(...inGroup);
  }
  return { groups, rows, headings };
}
