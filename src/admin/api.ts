/**
 * The admin app's only way to the server: same-origin fetches to /api/admin/*. The session lives in
 * an HttpOnly cookie the browser sends by itself; nothing here reads or stores a credential.
 */
import type { ApiErrorBody } from "../lib/schemas/api-error";
import type {
  AdminFailedDelivery,
  AdminLogin,
  AdminPasswordChange,
  AdminSessionInfo,
  AdminSubmission,
  AdminSubmissionList,
  AdminSummary,
  AdminTestimonial,
  AdminTestimonialList,
  SubmissionFilter,
} from "../lib/schemas/admin";
import type {
  AppointmentActionInput,
  AppointmentActionWire,
  AvailabilitySettingsInput,
  AvailabilitySettingsWire,
  BlockedDateInput,
  BookingAppointmentsWire,
} from "../lib/schemas/appointments-admin";

/** A response that is not 2xx, with the server's envelope when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: Partial<ApiErrorBody> | undefined, retryAfter: string | null) {
    super(body?.error?.message ?? `Request failed with status ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = body?.error?.code ?? "http_error";
    this.fields = body?.error?.fields ?? {};
    const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
    this.retryAfterSeconds = Number.isFinite(seconds) ? seconds : undefined;
  }
}

/** Thrown (as an ApiError with status 401) when the session is missing or over; the app listens. */
export const sessionEndedEvent = "admin:session-ended";

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  opts: { quiet401?: boolean } = {},
) {
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json" },
  };
  if (body !== undefined) {
    init.headers = { ...init.headers, "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error = new ApiError(
      res.status,
      data as Partial<ApiErrorBody> | undefined,
      res.headers.get("Retry-After"),
    );
    if (res.status === 401 && !opts.quiet401) window.dispatchEvent(new CustomEvent(sessionEndedEvent));
    throw error;
  }
  return data as T;
}

export const adminApi = {
  /** Who is signed in; resolves null when nobody is. */
  async session(): Promise<AdminSessionInfo | null> {
    try {
      return await request<AdminSessionInfo>("GET", "/api/admin/session", undefined, { quiet401: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  login: (input: AdminLogin) =>
    request<AdminSessionInfo>("POST", "/api/admin/session", input, { quiet401: true }),
  logout: () => request<void>("DELETE", "/api/admin/session", undefined, { quiet401: true }),
  changePassword: (input: AdminPasswordChange) => request<{ ok: true }>("PUT", "/api/admin/password", input),
  summary: () => request<AdminSummary>("GET", "/api/admin/summary"),
  testimonials: async () =>
    (await request<AdminTestimonialList>("GET", "/api/admin/testimonials")).testimonials,
  setApproved: async (id: number, approved: boolean) =>
    (await request<{ testimonial: AdminTestimonial }>("PATCH", `/api/admin/testimonials/${id}`, { approved }))
      .testimonial,
  deleteTestimonial: (id: number) => request<void>("DELETE", `/api/admin/testimonials/${id}`),
  submissions: async (type: SubmissionFilter) =>
    (await request<AdminSubmissionList>("GET", `/api/admin/submissions?type=${encodeURIComponent(type)}`))
      .submissions,
  setRead: async (id: number, isRead: boolean) =>
    (await request<{ submission: AdminSubmission }>("PATCH", `/api/admin/submissions/${id}`, { isRead }))
      .submission,
  deleteSubmission: (id: number) => request<void>("DELETE", `/api/admin/submissions/${id}`),
  failedMail: async () => (await request<{ failed: AdminFailedDelivery[] }>("GET", "/api/admin/mail")).failed,
  appointment: (id: number) =>
    request<BookingAppointmentsWire>("GET", `/api/admin/submissions/${id}/appointment`),
  actOnAppointment: (id: number, input: AppointmentActionInput) =>
    request<AppointmentActionWire>("POST", `/api/admin/submissions/${id}/appointment`, input),
  availability: () => request<AvailabilitySettingsWire>("GET", "/api/admin/availability"),
  saveAvailability: (input: AvailabilitySettingsInput) =>
    request<AvailabilitySettingsWire>("PUT", "/api/admin/availability", input),
  blockDate: (input: BlockedDateInput) =>
    request<AvailabilitySettingsWire>("POST", "/api/admin/availability/blocked", input),
  unblockDate: (date: string) =>
    request<AvailabilitySettingsWire>(
      "DELETE",
      `/api/admin/availability/blocked/${encodeURIComponent(date)}`,
    ),
  replaceCalendarFeed: () => request<{ url: string }>("POST", "/api/admin/availability/calendar-feed"),
  retryMail: (ids?: number[]) =>
    request<{ queued: number; sent: number }>("POST", "/api/admin/mail/retry", ids ? { ids } : {}),
};
