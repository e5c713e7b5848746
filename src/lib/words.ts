/** "a", "a and b", "a, b and c": a list as a sentence says it. */
export function listInWords(items: readonly string[]): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
