/**
 * POST /api/bookings: an appointment request (site-spec §5). JSON or a classic form post.
 * 201 {"id": n} | 400 | 405 | 413 | 415 | 422 {"error":{…,"fields":{…}}} | 429 | 503.
 */
import type { Config } from "@netlify/functions";
import { created } from "../../src/server/http/created";
import { createHandler } from "../../src/server/http/handler";
import { mailHooks } from "../../src/server/mail/notify";
import { claimThenMail, withPhotoFormPost } from "../../src/server/services/photo-forms";
import { acceptSubmission } from "../../src/server/services/public-forms";

export default createHandler({
  route: "/api/bookings",
  methods: ["POST"],
  formPage: "/book-appointment",
  handle: async (req, context) => {
    // The owner notification and the customer confirmation commit with the row (issue 6).
    const mail = mailHooks();
    // Photos: ids from the island, or files in a no-JavaScript multipart post (services/photo-forms).
    const request = await withPhotoFormPost(req, context);
    const accepted = await acceptSubmission("booking", request, {
      context,
      afterInsert: claimThenMail(mail),
    });
    await mail.deliverNow(context);
    return created(
      request,
      accepted,
      { id: accepted.row.id },
      {
        title: "Appointment requested",
        heading: "Appointment booked successfully!",
        message: "We'll contact you to confirm, within 24 hours.",
        back: { href: "/", label: "Back to the home page" },
      },
    );
  },
});

// No `method` here: other methods must reach the handler to get 405 with Allow.
export const config: Config = { path: "/api/bookings" };
