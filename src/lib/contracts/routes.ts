/** Every route by name (./public-routes.ts, ./admin-routes.ts). */
import * as adminRoutes from "./admin-routes";
import * as publicRoutes from "./public-routes";

export const routes = {
  contact: publicRoutes.contactRoute,
  booking: publicRoutes.bookingRoute,
  createTestimonial: publicRoutes.createTestimonialRoute,
  listTestimonials: publicRoutes.listTestimonialsRoute,
  health: publicRoutes.healthRoute,
  reviewInvitation: publicRoutes.reviewInvitationRoute,
  availability: publicRoutes.availabilityRoute,
  calendarFeed: publicRoutes.calendarFeedRoute,
  customerPage: publicRoutes.customerPageRoute,
  customerAction: publicRoutes.customerActionRoute,
  lostLinkForm: publicRoutes.lostLinkFormRoute,
  lostLink: publicRoutes.lostLinkRoute,
  session: adminRoutes.sessionRoute,
  signIn: adminRoutes.signInRoute,
  signOut: adminRoutes.signOutRoute,
  changePassword: adminRoutes.changePasswordRoute,
  summary: adminRoutes.summaryRoute,
  listAdminTestimonials: adminRoutes.listAdminTestimonialsRoute,
  setTestimonialApproved: adminRoutes.setTestimonialApprovedRoute,
  deleteTestimonial: adminRoutes.deleteTestimonialRoute,
  rejectTestimonial: adminRoutes.rejectTestimonialRoute,
  replyTestimonial: adminRoutes.replyTestimonialRoute,
  listReviewInvitations: adminRoutes.listReviewInvitationsRoute,
  sendReviewInvitation: adminRoutes.sendReviewInvitationRoute,
  previewReviewInvitation: adminRoutes.previewReviewInvitationRoute,
  reviewSettings: adminRoutes.reviewSettingsRoute,
  saveReviewSettings: adminRoutes.saveReviewSettingsRoute,
  listRequests: adminRoutes.listRequestsRoute,
  getRequest: adminRoutes.getRequestRoute,
  updateRequest: adminRoutes.updateRequestRoute,
  deleteRequest: adminRoutes.deleteRequestRoute,
  exportRequests: adminRoutes.exportRequestsRoute,
  bulkRequests: adminRoutes.bulkRequestsRoute,
  listHistory: adminRoutes.listHistoryRoute,
  revokeLinks: adminRoutes.revokeLinksRoute,
  listNotes: adminRoutes.listNotesRoute,
  addNote: adminRoutes.addNoteRoute,
  editNote: adminRoutes.editNoteRoute,
  deleteNote: adminRoutes.deleteNoteRoute,
  attention: adminRoutes.attentionRoute,
  findPerson: adminRoutes.findPersonRoute,
  exportPerson: adminRoutes.exportPersonRoute,
  erasePerson: adminRoutes.erasePersonRoute,
  listAudit: adminRoutes.listAuditRoute,
  listFailedMail: adminRoutes.listFailedMailRoute,
  retryMail: adminRoutes.retryMailRoute,
  bookingAppointments: adminRoutes.bookingAppointmentsRoute,
  actOnAppointment: adminRoutes.actOnAppointmentRoute,
  availabilitySettings: adminRoutes.availabilitySettingsRoute,
  saveAvailability: adminRoutes.saveAvailabilityRoute,
  blockDate: adminRoutes.blockDateRoute,
  unblockDate: adminRoutes.unblockDateRoute,
  replaceCalendarFeed: adminRoutes.replaceCalendarFeedRoute,
};

export type RouteName = keyof typeof routes;
/** Any endpoint's method and path. */
export interface Route {
  readonly method: string;
  readonly path: string;
}
