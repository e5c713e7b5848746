/**
 * Contracts of the appointment endpoints (docs/decisions/018-appointments-stored.md): the public
 * availability answer and the owner's calendar feed, the owner's actions on a booking's
 * appointment, and the availability settings. Request bodies are the schemas in
 * src/features/appointments/contract/owner-forms.ts; the answers are defined here.
 */
import { z } from "zod";
import { isIsoDate } from "./dates";
import { appointmentStatuses } from "./status";
import { windowIds } from "./windows";
import {
  appointmentActionSchema,
  availabilitySettingsSchema,
  completeVisitSchema,
  etaSchema,
  blockedDateSchema,
  holidayDateSchema,
  unblockDateQuerySchema,
} from "./owner-forms";
import { requestStates } from "../../requests/contract/states";
import { adminRequestSchema } from "../../requests/contract/endpoints";
import { ownerJobSchema } from "./owner-job";
import * as adminRoutes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import * as publicRoutes from "../../../lib/contracts/public-routes";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const window = z.enum(windowIds);
/** ISO timestamp. */
const timestamp = z.string();

export { bookingExtrasFields } from "../../requests/contract/booking-extras";

const queryDate = (name: string) =>
  z
    .string()
    .refine((v) => v === "" || isIsoDate(v), `${name} must be a date written YYYY-MM-DD.`)
    .optional();

export const availabilityQuerySchema = z.object({ from: queryDate("from"), to: queryDate("to") });

const offeredWindowSchema = z.object({ window, start: z.string(), end: z.string(), label: z.string() });

export const availabilityAnswerSchema = z.object({
  today: isoDate,
  earliest: isoDate.nullable(),
  latest: isoDate,
  dates: z.array(z.object({ date: isoDate, label: z.string(), windows: z.array(offeredWindowSchema) })),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

export const appointmentSchema = z.object({
  id: z.number().int().positive(),
  uid: z.string(),
  sequence: z.number().int().nonnegative(),
  date: isoDate.nullable(),
  window: window.nullable(),
  label: z.string().nullable(),
  status: z.enum(appointmentStatuses),
  message: z.string().nullable(),
  confirmedAt: timestamp.nullable(),
  reminderSentAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  /** On the day: when the customer was told the owner was on the way, and the arrival last given. */
  onMyWayAt: timestamp.nullable(),
  etaAt: timestamp.nullable(),
  updatedAt: timestamp,
});
export type AppointmentWire = z.infer<typeof appointmentSchema>;

export const bookingAppointmentsSchema = z.object({
  preferredOptions: z.array(z.object({ date: isoDate, window, label: z.string() })),
  urgent: z.boolean(),
  accessNotes: z.string().nullable(),
  /** Newest first; the first live one (proposed or confirmed) is the current appointment. */
  appointments: z.array(appointmentSchema),
  /**
   * The accepted quote's cancellation period: the day of acceptance, its last day and whether the
   * customer asked for an early start; null before an acceptance or for an urgent repair.
   */
  cancellationPeriod: z.object({ acceptedOn: isoDate, until: isoDate, earlyStart: z.boolean() }).nullable(),
});
export type BookingAppointmentsWire = z.infer<typeof bookingAppointmentsSchema>;

export const appointmentActionResultSchema = z.object({
  appointment: appointmentSchema.nullable(),
  /** False when nothing changed (the same time confirmed twice): no e-mail was sent. */
  changed: z.boolean(),
  requestState: z.enum(requestStates),
});

/** What "On my way" and "Running late" answer: the visit as it now is. */
export const dayActionResultSchema = z.object({
  appointment: appointmentSchema,
  requestId: z.number().int().positive(),
  requestState: z.enum(requestStates),
});

/**
 * What "On my way" and "Running late" answer: the visit, and how the customer hears of it. `email`:
 * the e-mail is queued. `text`: the request has no e-mail address, so nothing was sent; `text`
 * holds the same words for the owner to send from his phone, and the customer's number.
 */
export const tellResultSchema = dayActionResultSchema.extend({
  told: z.enum(["email", "text"]),
  text: z.object({ phone: z.string().nullable(), message: z.string() }).nullable(),
});
export type TellWire = z.infer<typeof tellResultSchema>;

/** What "Visit done" answers: the completed visit and the next steps the owner may take. */
export const completeVisitResultSchema = dayActionResultSchema.extend({
  photosAdded: z.number().int().nonnegative(),
  nextSteps: z.object({
    invoiceHref: z.string(),
    canMarkDone: z.boolean(),
    review: z.enum(["after_done", "available"]),
  }),
});

const settingsValues = {
  workingDays: z.array(z.number().int().min(0).max(6)),
  dailyCap: z.number().int(),
  minimumNoticeWorkingDays: z.number().int(),
  horizonWeeks: z.number().int(),
};

export const availabilitySettingsAnswerSchema = z.object({
  ...settingsValues,
  /** The site config's values, for "reset to default". */
  defaults: z.object(settingsValues),
  blocked: z.array(z.object({ date: isoDate, label: z.string().nullable() })),
  /** The region's bank holidays for the coming years; `open` when the owner opened one for work. */
  holidays: z.array(z.object({ date: isoDate, name: z.string(), open: z.boolean() })),
  /** Whether a private calendar feed URL exists. */
  calendarFeed: z.boolean(),
});
export type AvailabilitySettingsWire = z.infer<typeof availabilitySettingsAnswerSchema>;

export const appointmentEndpoints = {
  /** The bookable dates with their windows, between `from` and `to` (both optional). */
  availability: defineEndpoint({
    ...publicRoutes.availabilityRoute,
    status: 200,
    query: availabilityQuerySchema,
    response: availabilityAnswerSchema,
  }),
  /** The owner's private calendar feed (text/calendar; the path holds the secret). */
  calendarFeed: defineEndpoint({ ...publicRoutes.calendarFeedRoute, status: 200 }),
  /**
   * A job the owner adds by hand (./owner-job.ts), with its visit if one is booked at once; 201 with
   * it as the request list shows it. An optional Idempotency-Key header makes a repeat return the
   * first job.
   */
  addJob: defineEndpoint({
    ...adminRoutes.addJobRoute,
    status: 201,
    request: ownerJobSchema,
    response: z.object({ submission: adminRequestSchema }),
  }),
  /** The options a booking asked for and its appointments (`:id` is the request's id). */
  bookingAppointments: defineEndpoint({
    ...adminRoutes.bookingAppointmentsRoute,
    status: 200,
    response: bookingAppointmentsSchema,
  }),
  /** Confirm, propose, decline or cancel the request's appointment. */
  actOnAppointment: defineEndpoint({
    ...adminRoutes.actOnAppointmentRoute,
    status: 200,
    request: appointmentActionSchema,
    response: appointmentActionResultSchema,
  }),
  /** On the day (`:id` is the appointment's id): the customer told the owner is on the way. */
  onMyWay: defineEndpoint({
    ...adminRoutes.onMyWayRoute,
    status: 200,
    request: etaSchema,
    response: tellResultSchema,
  }),
  /** A new arrival estimate, after "on my way". */
  runningLate: defineEndpoint({
    ...adminRoutes.runningLateRoute,
    status: 200,
    request: etaSchema,
    response: tellResultSchema,
  }),
  /** The visit recorded done: when, a note, after-photos; answers the next steps. */
  completeVisit: defineEndpoint({
    ...adminRoutes.completeVisitRoute,
    status: 200,
    request: completeVisitSchema,
    response: completeVisitResultSchema,
  }),
  availabilitySettings: defineEndpoint({
    ...adminRoutes.availabilitySettingsRoute,
    status: 200,
    response: availabilitySettingsAnswerSchema,
  }),
  saveAvailability: defineEndpoint({
    ...adminRoutes.saveAvailabilityRoute,
    status: 200,
    request: availabilitySettingsSchema,
    response: availabilitySettingsAnswerSchema,
  }),
  blockDate: defineEndpoint({
    ...adminRoutes.blockDateRoute,
    status: 201,
    request: blockedDateSchema,
    response: availabilitySettingsAnswerSchema,
  }),
  unblockDate: defineEndpoint({
    ...adminRoutes.unblockDateRoute,
    status: 200,
    query: unblockDateQuerySchema,
    response: availabilitySettingsAnswerSchema,
  }),
  /** A bank holiday opened for work: offered like any working day. */
  openHoliday: defineEndpoint({
    ...adminRoutes.openHolidayRoute,
    status: 200,
    request: holidayDateSchema,
    response: availabilitySettingsAnswerSchema,
  }),
  /** A bank holiday blocked again (the default). */
  closeHoliday: defineEndpoint({
    ...adminRoutes.closeHolidayRoute,
    status: 200,
    query: holidayDateSchema,
    response: availabilitySettingsAnswerSchema,
  }),
  /** A new secret feed URL, shown once; the old one stops at once. */
  replaceCalendarFeed: defineEndpoint({
    ...adminRoutes.replaceCalendarFeedRoute,
    status: 201,
    response: z.object({ url: z.string() }),
  }),
};
