/** The list with the item at `index` moved `by` places (−1 earlier, +1 later), for the up/down buttons of ordered lists. */
export function moveItem<T>(list: readonly T[], index: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}
