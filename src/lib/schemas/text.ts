/**
 * Text rules every stored field shares (docs/decisions/003-input-limits.md):
 * - lengths count characters as people and PostgreSQL's `char_length` do (code points), not UTF-16
 *   units, so an emoji counts once and the database CHECK never disagrees with the form;
 * - text PostgreSQL cannot store byte-for-byte is refused with a message instead of failing later:
 *   the NUL character, and broken UTF-16 (a lone surrogate would be stored as U+FFFD).
 */
export const unsupportedCharactersMessage = "Please remove unsupported characters.";

/** Characters as PostgreSQL counts them. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** True when PostgreSQL can store the text exactly as given. */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes("\u0000");
}
