/** POST /api/bookings: an appointment request, as JSON or a classic form post (src/lib/contracts/public.ts). */
import type { Config } from "@netlify/functions";
import { publicEndpoints } from "../../src/lib/contracts/public";
import { apiHandler } from "../../src/server/http/endpoint";
import type { Submission } from "../../src/server/repositories/submissions";
import { publicForm } from "../../src/server/http/public";
import { photoIdsSchema } from "../../src/lib/photos";
import { acceptingPhotoFiles, submitWithPhotos } from "../../src/server/services/photo-forms";
import { bookingPost } from "../../src/server/services/public-forms";

/** The contract plus `photos`: ids of uploads to attach (docs/decisions/017-photos.md). */
const withPhotos = {
  ...publicEndpoints.booking,
  request: publicEndpoints.booking.request.extend({ photos: photoIdsSchema }),
};

export default apiHandler("/api/bookings", [
  acceptingPhotoFiles(
    publicForm(withPhotos, {
      formPage: "/book-appointment",
      accept: submitWithPhotos(bookingPost),
      reply: (row: Submission) => ({ id: row.id }),
      page: {
        title: "Appointment requested",
        heading: "Appointment booked successfully!",
        message: "We'll contact you to confirm, within 24 hours.",
        back: { href: "/", label: "Back to the home page" },
      },
    }),
  ),
]);

// No `method` here: other methods must reach the handler to get 405 with Allow.
export const config: Config = { path: "/api/bookings" };
