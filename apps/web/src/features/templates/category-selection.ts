/** Clicking the chosen category clears it; any other click chooses that one (only one at a time). */
export function toggleCategory(current: string | null, clicked: string): string | null {
  return current === clicked ? null : clicked;
}

export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
