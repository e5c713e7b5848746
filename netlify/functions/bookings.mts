/**
 * POST /api/bookings: an appointment request, as JSON or a classic form post
 * (src/lib/contracts/public.ts). Beside the contact fields, address and service:
 * `preferredOptions: [{ date, window }]` (one to three; a form post sends
 * `option1Date`/`option1Window` … `option3Date`/`option3Window`), `urgent`, `accessNotes`, and
 * `photos` (ids of uploads to attach, docs/decisions/017-photos.md). Every option is re-checked
 * against today's availability; one that is no longer bookable gets a plain sentence under its
 * field key (`option1`…`option3`). These checks run in the same pass as the contract's, so a
 * refusal names every problem; refused without JavaScript, the answer page shows the form again,
 * filled in and marked, with today's bookable dates to choose from (src/features/appointments/http-refused-form.ts).
 */
import type { Config } from "@netlify/functions";
import { site } from "../../src/config/site";
import { requestReference } from "../../src/features/requests/contract/reference";
import { bookingNextSteps, bookingReceivedHeading, referenceSentence } from "../../src/lib/request-wording";
import { photoIdsSchema } from "../../src/features/photos/contract/endpoints";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { publicForm } from "../../src/platform/http/public";
import type { CustomerRequest } from "../../src/features/requests";
import { availability, bookingOptionProblems, submitBooking } from "../../src/features/appointments";
import { refusedBookingForm } from "../../src/features/appointments/http-refused-form";
import { bookableServices } from "../../src/features/site-content";
import { acceptingPhotoFiles } from "../../src/features/photos/http";

const withPhotos = {
  ...requestEndpoints.booking,
  request: requestEndpoints.booking.request.extend({ photos: photoIdsSchema }),
};

export default apiHandler("/api/bookings", [
  acceptingPhotoFiles(
    publicForm(withPhotos, {
      formPage: "/book-appointment",
      // The options are checked with the contract, so one refusal names every problem.
      check: (data, ctx) => bookingOptionProblems(data, ctx),
      accept: submitBooking,
      refusedForm: async (refusal, ctx) =>
        refusedBookingForm(refusal, (await availability({}, ctx)).dates, await bookableServices(ctx)),
      reply: (row: CustomerRequest) => ({
        id: row.id,
        reference: requestReference({ id: row.id, formType: "booking" }),
      }),
      page: (row: CustomerRequest) => ({
        title: "Request received",
        heading: bookingReceivedHeading,
        message: `We'll contact you to confirm. ${referenceSentence(requestReference({ id: row.id, formType: "booking" }))} ${bookingNextSteps(site.response.confirmWithinHours)}`,
        back: { href: "/", label: "Back to the home page" },
      }),
    }),
  ),
]);

// No `method` here: other methods must reach the handler to get 405 with Allow.
export const config: Config = { path: "/api/bookings" };
