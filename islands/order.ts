/** Pure ordering helpers shared by the home and list islands (unit-tested in tests/unit). */

/** A copy of `items` with the element at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The reorder payload, `{id, position}` per row: each row's new position is its index. */
export const positionsOf = (items: ReadonlyArray<{ id: number }>) => items.map((item, position) => ({ id: item.id, position }));
