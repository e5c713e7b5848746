/**
 * The admin app's calls, on the one API client (src/lib/api/client.ts). The session lives in an
 * HttpOnly cookie the browser sends by itself; nothing here reads or stores a credential.
 */
import { callApi } from "../lib/api/client";
import { ApiError } from "../lib/api/errors";
import type { AdminLogin, AdminPasswordChange, SubmissionFilter } from "../lib/schemas/admin";

export { ApiError };

/** Dispatched on `window` when the session is missing or over (a 401); the app listens. */
export const sessionEndedEvent = "admin:session-ended";

/** Any call but signing in and out: a 401 means the session ended, which the app shows at once. */
async function signedIn<T>(call: Promise<T>): Promise<T> {
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
      return await callApi("session");
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  login: (input: AdminLogin) => callApi("signIn", { body: input }),
  logout: () => callApi("signOut"),
  changePassword: (input: AdminPasswordChange) => signedIn(callApi("changePassword", { body: input })),
  summary: () => signedIn(callApi("summary")),
  testimonials: async () => (await signedIn(callApi("listAdminTestimonials"))).testimonials,
  setApproved: async (id: number, approved: boolean) =>
    (await signedIn(callApi("setTestimonialApproved", { id, body: { approved } }))).testimonial,
  deleteTestimonial: (id: number) => signedIn(callApi("deleteTestimonial", { id })),
  submissions: async (type: SubmissionFilter) =>
    (await signedIn(callApi("listSubmissions", { query: { type } }))).submissions,
  setRead: async (id: number, isRead: boolean) =>
    (await signedIn(callApi("setSubmissionRead", { id, body: { isRead } }))).submission,
  deleteSubmission: (id: number) => signedIn(callApi("deleteSubmission", { id })),
  failedMail: async () => (await signedIn(callApi("listFailedMail"))).failed,
  retryMail: (ids?: number[]) => signedIn(callApi("retryMail", { body: ids ? { ids } : {} })),
};
