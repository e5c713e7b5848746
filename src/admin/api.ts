/**
 * The admin app's own calls (the session, signing in and out, the password, the dashboard's
 * counts) and what every feature's calls share (`signedIn`, the session-ended event), on the one
 * API client (src/lib/api/client.ts). Each feature's calls are in its `screens/api.ts`. The session lives in an
 * HttpOnly cookie the browser sends by itself; nothing here reads or stores a credential.
 */
import { ApiError, callApi } from "../lib/api/client";
import * as r from "../lib/contracts/admin-routes";
import type { AdminLogin, AdminPasswordChange } from "../features/admin-auth/contract/forms";

export { ApiError };

/** Dispatched on `window` when the session is missing or over (a 401); the app listens. */
export const sessionEndedEvent = "admin:session-ended";

/** Any call but signing in and out: a 401 means the session ended, which the app shows at once. */
export async function signedIn<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      window.dispatchEvent(new CustomEvent(sessionEndedEvent));
    throw error;
  }
}

export const adminApi = {
  /** Who is signed in; resolves null when nobody is. */
  async session() {
    try {
      return await callApi(r.sessionRoute);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  login: (input: AdminLogin) => callApi(r.signInRoute, { body: input }),
  logout: () => callApi(r.signOutRoute),
  changePassword: (input: AdminPasswordChange) => signedIn(callApi(r.changePasswordRoute, { body: input })),
  summary: () => signedIn(callApi(r.summaryRoute)),
};
