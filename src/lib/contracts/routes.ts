/** Every route by name (./public-routes.ts, ./admin-routes.ts). */
import * as adminRoutes from "./admin-routes";
import * as publicRoutes from "./public-routes";

export const routes = {
  contact: publicRoutes.contactRoute,
  booking: publicRoutes.bookingRoute,
  createTestimonial: publicRoutes.createTestimonialRoute,
  listTestimonials: publicRoutes.listTestimonialsRoute,
  health: publicRoutes.healthRoute,
  session: adminRoutes.sessionRoute,
  signIn: adminRoutes.signInRoute,
  signOut: adminRoutes.signOutRoute,
  changePassword: adminRoutes.changePasswordRoute,
  summary: adminRoutes.summaryRoute,
  listAdminTestimonials: adminRoutes.listAdminTestimonialsRoute,
  setTestimonialApproved: adminRoutes.setTestimonialApprovedRoute,
  deleteTestimonial: adminRoutes.deleteTestimonialRoute,
  listSubmissions: adminRoutes.listSubmissionsRoute,
  setSubmissionRead: adminRoutes.setSubmissionReadRoute,
  deleteSubmission: adminRoutes.deleteSubmissionRoute,
  listFailedMail: adminRoutes.listFailedMailRoute,
  retryMail: adminRoutes.retryMailRoute,
};

export type RouteName = keyof typeof routes;
/** Any endpoint's method and path. */
export interface Route {
  readonly method: string;
  readonly path: string;
}
