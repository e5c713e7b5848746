/**
 * Text rules every stored field shares (docs/decisions/003-input-limits.md):
 * - lengths count characters as people and PostgreSQL's `char_length` do (code points), not UTF-16
 *   units, so an emoji counts once and the database CHECK never disagrees with the form;
 * - text PostgreSQL cannot store byte-for-byte is refused with a message instead of failing later:
 *   the NUL character, and broken UTF-16 (a lone surrogate would be stored as U+FFFD).
 */
export const unsupportedCharactersMessage = "Please remove unsupported characters.";

/** Names and places never hold a web or e-mail address (see `containsLink` below). */
export const noLinkMessages = {
  name: "Please enter just your name, without a web or e-mail address.",
  location: "Please enter just your town or area, without a web or e-mail address.",
} as const;

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

/**
 * Top-level domains that make a bare "word.tld" a link in mail programs and a lure in spam. A
 * dotted word ending in anything else ("J.Smith", "St.Andrews") is a name, not a domain; a dotted
 * word followed by a path or port ("evil.example/claim") is a link whatever its ending.
 */
const linkTlds =
  "com|net|org|info|biz|io|co|uk|me|xyz|top|site|online|shop|store|app|dev|ai|ru|su|cn|tk|ml|ga|cf|gq|pw|cc|tv|us|eu|fr|nl|pl|br|au|ca|ly|gl|to|ws|link|click|live|club|life|world|today|news|email|space|website|tech|page|fun|icu|vip|win|bid|loan|men|work|party|review|trade|date|racing|download|stream|cam|sbs|cfd|buzz|rest|bar|lol|monster|quest|help|support|services|money|cash|finance|gift|best|xin|mobi|pro|asia|ink|kim|ltd|scot|wales|london";

const linkPatterns = [
  /[a-z][a-z0-9+.-]*:\/\//i, // a scheme: https://, ftp://
  /\bwww\./i,
  /[^\s@]+@[^\s@]+\.[^\s@]+/, // an e-mail address
  /[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?:\/|:\d)/u, // host followed by a path or a port
  new RegExp(`[\\p{L}\\p{N}-]+\\.(?:${linkTlds})(?![\\p{L}\\p{N}])`, "iu"), // a bare domain
];

/**
 * True when the text holds a web address, a domain or an e-mail address. People's names and
 * places don't, and text like that in a name would be echoed into e-mails the site sends
 * (docs/decisions/015-security-hardening.md). Compatibility forms are folded first, so lookalike
 * dots and letters (U+2024 "․", fullwidth "．") count as the real ones.
 */
export function containsLink(value: string): boolean {
  const folded = value.normalize("NFKC");
  return linkPatterns.some((pattern) => pattern.test(folded));
}
