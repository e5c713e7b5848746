/**
 * The admin API's endpoints: method and path. Plain data with no schema (see ./public-routes.ts);
 * each feature's `contract/endpoints.ts` adds the status and the schemas, ./routes.ts lists every route.
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
export const rejectTestimonialRoute = route("POST", "/api/admin/testimonials/reject");
export const replyTestimonialRoute = route("PUT", "/api/admin/testimonials/reply");
export const listReviewInvitationsRoute = route("GET", "/api/admin/review-invitations");
export const sendReviewInvitationRoute = route("POST", "/api/admin/review-invitations");
export const previewReviewInvitationRoute = route("GET", "/api/admin/review-invitations/preview");
export const reviewSettingsRoute = route("GET", "/api/admin/review-invitations/settings");
export const saveReviewSettingsRoute = route("PUT", "/api/admin/review-invitations/settings");
export const listRequestsRoute = route("GET", "/api/admin/submissions");
export const getRequestRoute = route("GET", "/api/admin/submissions/:id");
export const updateRequestRoute = route("PATCH", "/api/admin/submissions/:id");
export const deleteRequestRoute = route("DELETE", "/api/admin/submissions/:id");
export const exportRequestsRoute = route("GET", "/api/admin/submissions/export.csv");
export const bulkRequestsRoute = route("POST", "/api/admin/submissions/bulk");
export const listHistoryRoute = route("GET", "/api/admin/history");
export const revokeLinksRoute = route("POST", "/api/admin/history/revoke-links");
export const listNotesRoute = route("GET", "/api/admin/notes");
export const addNoteRoute = route("POST", "/api/admin/notes");
export const editNoteRoute = route("PATCH", "/api/admin/notes/:id");
export const deleteNoteRoute = route("DELETE", "/api/admin/notes/:id");
export const attentionRoute = route("GET", "/api/admin/attention");
export const findPersonRoute = route("POST", "/api/admin/person/search");
export const exportPersonRoute = route("POST", "/api/admin/person/export");
export const erasePersonRoute = route("POST", "/api/admin/person/erase");
export const listAuditRoute = route("GET", "/api/admin/person/audit");
export const listFailedMailRoute = route("GET", "/api/admin/mail");
export const retryMailRoute = route("POST", "/api/admin/mail/retry");
export const bookingAppointmentsRoute = route("GET", "/api/admin/appointments/:id");
export const actOnAppointmentRoute = route("POST", "/api/admin/appointments/:id");
export const availabilitySettingsRoute = route("GET", "/api/admin/availability");
export const saveAvailabilityRoute = route("PUT", "/api/admin/availability");
export const blockDateRoute = route("POST", "/api/admin/availability/blocked");
export const unblockDateRoute = route("DELETE", "/api/admin/availability/blocked");
export const replaceCalendarFeedRoute = route("POST", "/api/admin/availability/calendar-feed");
