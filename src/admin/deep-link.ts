/**
 * `/admin/submissions?open=ID` (the link in the owner's e-mail about a request) opens that request.
 * The inbox reads it once when it starts; it then rewrites the address from its filters, which
 * drops `open`, so a reload does not reopen the dialog.
 */
export function openParam(): number | null {
  if (typeof window === "undefined") return null;
  const raw = new URL(window.location.href).searchParams.get("open");
  return raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}
