/** Items grouped under their month heading, keeping the list's order (newest first). */
export function groupByMonth<T extends { monthYear: string }>(
  items: T[],
): { month: string; items: T[] }[] {
  const groups: { month: string; items: T[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.month === item.monthYear) last.items.push(item);
    else groups.push({ month: item.monthYear, items: [item] });
  }
  return groups;
}
