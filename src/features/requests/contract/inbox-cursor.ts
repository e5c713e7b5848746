/**
 * The inbox's page cursor: where the last page ended, as an opaque URL-safe string. It holds the
 * sort, the last row's submitted_at as Postgres writes it (UTC, microseconds kept: a JavaScript
 * Date keeps only milliseconds, and rows a few microseconds apart must not be skipped) and its id.
 * Isomorphic: the server makes cursors, the query contract reads them.
 */
export interface InboxCursor {
  sort: "newest" | "oldest";
  /** e.g. "2026-11-23T07:05:01.123456Z" */
  at: string;
  id: number;
}

const atPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: InboxCursor): string {
  const text = `${cursor.sort === "newest" ? "n" : "o"}|${cursor.at}|${cursor.id}`;
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor, or null when the text is not one the server made. */
export function decodeCursor(text: string): InboxCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  let decoded: string;
  try {
    decoded = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const [s, at, rawId, ...rest] = decoded.split("|");
  if (rest.length > 0 || (s !== "n" && s !== "o") || !at || !atPattern.test(at) || !rawId) return null;
  if (!/^\d{1,10}$/.test(rawId) || Number.isNaN(Date.parse(at))) return null;
  const id = Number(rawId);
  if (id < 1 || id > 2_147_483_647) return null;
  return { sort: s === "n" ? "newest" : "oldest", at, id };
}
