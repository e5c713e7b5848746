/**
 * Every endpoint's method, path and success status, by name: plain data with no schema, so the
 * browser's fetch client can address an endpoint without loading its zod schemas. The contracts
 * (./public.ts, ./admin.ts) add the schemas to these.
 */
export const routes = {
  contact: { method: "POST", path: "/api/contact", status: 201 },
  booking: { method: "POST", path: "/api/bookings", status: 201 },
  createTestimonial: { method: "POST", path: "/api/testimonials", status: 201 },
  listTestimonials: { method: "GET", path: "/api/testimonials", status: 200 },
  health: { method: "GET", path: "/api/health", status: 200 },

  session: { method: "GET", path: "/api/admin/session", status: 200 },
  signIn: { method: "POST", path: "/api/admin/session", status: 200 },
  signOut: { method: "DELETE", path: "/api/admin/session", status: 204 },
  changePassword: { method: "PUT", path: "/api/admin/password", status: 200 },
  summary: { method: "GET", path: "/api/admin/summary", status: 200 },
  listAdminTestimonials: { method: "GET", path: "/api/admin/testimonials", status: 200 },
  setTestimonialApproved: { method: "PATCH", path: "/api/admin/testimonials/:id", status: 200 },
  deleteTestimonial: { method: "DELETE", path: "/api/admin/testimonials/:id", status: 204 },
  listSubmissions: { method: "GET", path: "/api/admin/submissions", status: 200 },
  setSubmissionRead: { method: "PATCH", path: "/api/admin/submissions/:id", status: 200 },
  deleteSubmission: { method: "DELETE", path: "/api/admin/submissions/:id", status: 204 },
  listFailedMail: { method: "GET", path: "/api/admin/mail", status: 200 },
  retryMail: { method: "POST", path: "/api/admin/mail/retry", status: 200 },
} as const;

export type RouteName = keyof typeof routes;
