/** Shared facts for the policy pages. */
export const legalUpdated = { iso: "2025-04-22", display: "April 22, 2025" } as const;

/** The admin session cookie, as set by src/server/http/admin-guard.ts (described on /cookie-policy). */
export const adminSessionCookie = {
  name: "__Host-kh_admin",
  lifetime: "12 hours at most; it is deleted when the administrator signs out",
} as const;
