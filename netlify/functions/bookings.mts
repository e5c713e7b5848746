/**
 * POST /api/bookings: an appointment request (site-spec §5). JSON or a classic form post.
 * Beside the contact fields, address and service: `preferredOptions: [{ date, window }]` (one to
 * three; a form post sends `option1Date`/`option1Window` … `option3Date`/`option3Window`),
 * `urgent` and `accessNotes`. Every option is re-checked against today's availability; one that is
 * no longer bookable gets a plain sentence under its field key (`option1`…`option3`).
 * 201 {"id": n} | 400 | 405 | 413 | 415 | 422 {"error":{…,"fields":{…}}} | 429 | 503.
 */
import type { Config } from "@netlify/functions";
import { created } from "../../src/server/http/created";
import { createHandler } from "../../src/server/http/handler";
import { mailHooks } from "../../src/server/mail/notify";
import {
  loadRules,
  optionLabels,
  readBookingExtras,
  saveBookingExtras,
  type BookingExtras,
} from "../../src/server/services/appointments";
import { acceptSubmission } from "../../src/server/services/public-forms";

export default createHandler({
  route: "/api/bookings",
  methods: ["POST"],
  formPage: "/book-appointment",
  handle: async (req, context) => {
    // The owner notification and the customer confirmation commit with the row (issue 6).
    const mail = mailHooks();
    let extras: BookingExtras | null = null;
    const accepted = await acceptSubmission("booking", req, {
      context,
      validate: async (data) => {
        const read = await readBookingExtras(data);
        extras = read.extras;
        return read.fields;
      },
      afterInsert: async (tx, row) => {
        const booking = extras!;
        await saveBookingExtras(row.id, booking, tx);
        const labels = optionLabels(booking.preferredOptions, await loadRules(tx));
        await mail.afterSubmission(tx, {
          ...row,
          booking: { optionLabels: labels, urgent: booking.urgent, accessNotes: booking.accessNotes },
        });
      },
    });
    await mail.deliverNow(context);
    return created(
      req,
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
