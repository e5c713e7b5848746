/**
 * The signed-in state, kept in the query cache under ["session"]: null when nobody is signed in.
 * Nothing in browser storage grants access: the session is an HttpOnly cookie set by the server.
 */
import { toast } from "sonner";
import type { AdminSessionInfo } from "../features/admin-auth/contract/endpoints";
import { adminApi } from "./api";
import { keys, queryClient } from "./query";

export const sessionQuery = {
  queryKey: keys.session,
  queryFn: adminApi.session,
  // Asked once per page load; a 401 from any call ends it (sessionEnded below).
  staleTime: Infinity,
} as const;

/** Forget everything fetched under a session, so nothing of it shows to whoever signs in next. */
function clearData() {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== keys.session[0] });
}

export function signedIn(session: AdminSessionInfo) {
  clearData();
  queryClient.setQueryData(keys.session, session);
}

/** Any admin call answered 401: the session expired or was revoked elsewhere. */
export function sessionEnded(): boolean {
  const wasSignedIn = Boolean(queryClient.getQueryData(keys.session));
  queryClient.setQueryData(keys.session, null);
  clearData();
  return wasSignedIn;
}

export async function logout() {
  try {
    await adminApi.logout();
  } catch (err) {
    // A 401 here means the session had already ended; the owner is signed out either way.
    console.warn("Logout request failed", err);
  }
  // The messages live with the admin schemas (zod), which only the forms load up front.
  const { adminMessages } = await import("../features/admin-auth/contract/forms");
  toast.success(adminMessages.loggedOutTitle, { description: adminMessages.loggedOut });
  queryClient.setQueryData(keys.session, null);
  clearData();
}
