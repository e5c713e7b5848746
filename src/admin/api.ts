/**
 * The admin app's calls, on the one API client (src/lib/api/client.ts). The session lives in an
 * HttpOnly cookie the browser sends by itself; nothing here reads or stores a credential.
 */
import { ApiError, callApi } from "../lib/api/client";
import * as r from "../lib/contracts/admin-routes";
import type { ReviewRejectReason } from "../data/legal";
import type { AdminLogin, AdminPasswordChange, RequestFilter } from "../features/admin-auth/contract/forms";
import type {
  AppointmentActionInput,
  CompleteVisitInput,
  EtaInput,
  AvailabilitySettingsInput,
  BlockedDateInput,
} from "../features/appointments/contract/owner-forms";

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

/** A photo sent with a request (GET /api/admin/photos?submission=ID; docs/decisions/017-photos.md). */
export interface AdminPhoto {
  id: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
  /** "before": sent with the request; "after": the owner's photos of the finished work. */
  stage: "before" | "after";
}

async function listPhotos(requestId: number): Promise<AdminPhoto[]> {
  const res = await fetch(`/api/admin/photos?submission=${requestId}`, {
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (res.status === 401) window.dispatchEvent(new CustomEvent(sessionEndedEvent));
  if (!res.ok) throw new Error(`Loading photos failed (HTTP ${res.status}).`);
  return ((await res.json()) as { photos: AdminPhoto[] }).photos;
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
  /** One page of testimonials, newest first; pass the previous page's `nextCursor` for the next. */
  testimonials: (cursor?: string) =>
    signedIn(callApi(r.listAdminTestimonialsRoute, cursor ? { query: { cursor } } : {})),
  setApproved: async (id: number, approved: boolean) =>
    (await signedIn(callApi(r.setTestimonialApprovedRoute, { id, body: { approved } }))).testimonial,
  deleteTestimonial: (id: number) => signedIn(callApi(r.deleteTestimonialRoute, { id })),
  /** Reject a review; the reason is one of the fixed list (docs/decisions/020-verified-reviews.md). */
  rejectTestimonial: async (id: number, reason: ReviewRejectReason) =>
    (await signedIn(callApi(r.rejectTestimonialRoute, { body: { id, reason } }))).testimonial,
  /** The owner's public reply: text to write or change it, null to remove it. */
  replyTestimonial: async (id: number, text: string | null) =>
    (await signedIn(callApi(r.replyTestimonialRoute, { body: { id, text } }))).testimonial,
  reviewSettings: () => signedIn(callApi(r.reviewSettingsRoute)),
  saveReviewSettings: (autoInvite: boolean) =>
    signedIn(callApi(r.saveReviewSettingsRoute, { body: { autoInvite } })),
  invitations: async (requestId: number) =>
    (await signedIn(callApi(r.listReviewInvitationsRoute, { query: { submissionId: requestId } })))
      .invitations,
  /** The invitation e-mail as it would be sent now, to read before sending. */
  previewInvitation: (requestId: number) =>
    signedIn(callApi(r.previewReviewInvitationRoute, { query: { submissionId: requestId } })),
  sendInvitation: async (requestId: number) =>
    (await signedIn(callApi(r.sendReviewInvitationRoute, { body: { submissionId: requestId } }))).invitation,
  submissions: async (type: RequestFilter) =>
    (await signedIn(callApi(r.listRequestsRoute, { query: { type } }))).submissions,
  /** One request by id (its own admin address opens it). */
  request: (id: number) => signedIn(callApi(r.getRequestRoute, { id })),
  setRead: async (id: number, isRead: boolean) =>
    (await signedIn(callApi(r.updateRequestRoute, { id, body: { isRead } }))).submission,
  deleteRequest: (id: number) => signedIn(callApi(r.deleteRequestRoute, { id })),
  failedMail: async () => (await signedIn(callApi(r.listFailedMailRoute))).failed,
  photos: listPhotos,
  retryMail: (ids?: number[]) => signedIn(callApi(r.retryMailRoute, { body: ids ? { ids } : {} })),
  appointment: (id: number) => signedIn(callApi(r.bookingAppointmentsRoute, { id })),
  actOnAppointment: (id: number, input: AppointmentActionInput) =>
    signedIn(callApi(r.actOnAppointmentRoute, { id, body: input })),
  /** On the day; `appointmentId` is the visit's own id (docs/decisions/040-on-the-day.md). */
  onMyWay: (appointmentId: number, input: EtaInput) =>
    signedIn(callApi(r.onMyWayRoute, { id: appointmentId, body: input })),
  runningLate: (appointmentId: number, input: EtaInput) =>
    signedIn(callApi(r.runningLateRoute, { id: appointmentId, body: input })),
  completeVisit: (appointmentId: number, input: CompleteVisitInput) =>
    signedIn(callApi(r.completeVisitRoute, { id: appointmentId, body: input })),
  availability: () => signedIn(callApi(r.availabilitySettingsRoute)),
  saveAvailability: (input: AvailabilitySettingsInput) =>
    signedIn(callApi(r.saveAvailabilityRoute, { body: input })),
  blockDate: (input: BlockedDateInput) => signedIn(callApi(r.blockDateRoute, { body: input })),
  unblockDate: (date: string) => signedIn(callApi(r.unblockDateRoute, { query: { date } })),
  /** A bank holiday opened for work (`open`) or blocked again. */
  setHolidayOpen: (date: string, open: boolean) =>
    signedIn(
      open
        ? callApi(r.openHolidayRoute, { body: { date } })
        : callApi(r.closeHolidayRoute, { query: { date } }),
    ),
  replaceCalendarFeed: () => signedIn(callApi(r.replaceCalendarFeedRoute)),
};
