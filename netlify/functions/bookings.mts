/** POST /api/bookings: an appointment request, as JSON or a classic form post (src/lib/contracts/public.ts). */
import type { Config } from "@netlify/functions";
import { publicEndpoints } from "../../src/lib/contracts/public";
import { apiHandler } from "../../src/server/http/endpoint";
import { publicForm } from "../../src/server/http/public";
import { submitBooking } from "../../src/server/services/public-forms";

export default apiHandler("/api/bookings", [
  publicForm(publicEndpoints.booking, {
    formPage: "/book-appointment",
    accept: submitBooking,
    reply: (row) => ({ id: row.id }),
    page: {
      title: "Appointment requested",
      heading: "Appointment booked successfully!",
      message: "We'll contact you to confirm, within 24 hours.",
      back: { href: "/", label: "Back to the home page" },
    },
  }),
]);

// No `method` here: other methods must reach the handler to get 405 with Allow.
export const config: Config = { path: "/api/bookings" };
