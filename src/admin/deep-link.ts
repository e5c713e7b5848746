/**
 * `/admin/submissions?open=ID` (the link in the owner's e-mail about a request with photos) opens
 * that request. Read once, then removed from the address bar so a reload does not reopen it.
 */
export function takeOpenParam(): number | null {
  if (typeof window === "undefined") return null;
  const url = new URL(window.location.href);
  const raw = url.searchParams.get("open");
  if (raw === null) return null;
  url.searchParams.delete("open");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  return /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}
