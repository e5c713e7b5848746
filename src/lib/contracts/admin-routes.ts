/**
 * The admin API's endpoints: method and path. Plain data with no schema (see ./public-routes.ts);
 * ./admin.ts adds the status and the schemas, ./routes.ts lists every route.
 */
const route = <const M extends string, const P extends string>(method: M, path: P) => ({ method, path });

export const sessionRoute = route("GET", "/api/admin/session");
export const signInRoute = route("POST", "/api/admin/session");
export const signOutRoute = route("DELETE", "/api/admin/session");
export const changePasswordRoute = route("PUT", "/api/admin/password");
export const summaryRoute = route("GET", "/api/admin/summary");
export const listAdminTestimonialsRoute = route("GET", "/api/admin/testimonials");
export const setTestimonialApprovedRoute = route("PATCH", "/api/admin/testimonials/:id");
export const deleteTestimonialRoute = route("DELETE", "/api/admin/testimonials/:id");
export const listSubmissionsRoute = route("GET", "/api/admin/submissions");
export const setSubmissionReadRoute = route("PATCH", "/api/admin/submissions/:id");
export const deleteSubmissionRoute = route("DELETE", "/api/admin/submissions/:id");
export const listFailedMailRoute = route("GET", "/api/admin/mail");
export const retryMailRoute = route("POST", "/api/admin/mail/retry");
