/**
 * The admin's appointment and availability requests (checked on the server and typed in the admin
 * app); the endpoints and their answers are in src/features/appointments/contract/endpoints.ts.
 */
import { z } from "zod";
import { isoDateSchema, windowIdSchema } from "./option-fields";
import { isStorableText } from "../../../lib/form-fields/text";
import { onTheDay } from "../../../config/booking";

const words = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep it under ${max} characters.`)
    .refine(isStorableText, "That text contains characters we cannot store.")
    .optional();

export const appointmentActionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("confirm"),
    date: isoDateSchema,
    window: windowIdSchema,
    message: words(1000),
    /**
     * Why the visit goes ahead inside the cancellation period of an accepted quote whose customer
     * did not ask for an early start (without it, such a visit is refused with 409
     * `inside_cancellation_period` and a warning); recorded in the request's history.
     */
    earlyStartReason: words(1000),
    /**
     * Why the visit goes on a day customers cannot book (blocked, a bank holiday, or at the daily
     * cap); without it such a visit is refused with 409 `day_unavailable` and the reason. Recorded
     * in the request's history.
     */
    dayOverrideReason: words(1000),
    /**
     * The visit already took place (its window has started or ended): stored confirmed and done at
     * once, with no e-mail to the customer. Without it a window that has ended is refused with 409
     * `window_passed`; with it a window still ahead is refused with 409 `visit_not_started`.
     */
    doneAlready: z.boolean().optional(),
  }),
  z.object({
    action: z.literal("propose"),
    date: isoDateSchema,
    window: windowIdSchema,
    message: words(1000),
    earlyStartReason: words(1000),
    dayOverrideReason: words(1000),
  }),
  z.object({ action: z.literal("decline"), reason: words(1000) }),
  z.object({
    action: z.literal("cancel"),
    reason: words(1000),
    requestState: z.enum(["contacted", "cancelled"]).optional(),
  }),
]);
export type AppointmentActionInput = z.input<typeof appointmentActionSchema>;

/** The longest arrival estimate (12 hours): further ahead is a new visit, not a late one. */
export const maxEtaMinutes = onTheDay.maxEtaMinutes;

/** "On my way" and "Running late": minutes from now to the arrival the customer is told. */
export const etaSchema = z.object({
  etaMinutes: z
    .number({ message: "Give the minutes until you arrive." })
    .int("Give whole minutes.")
    .min(1, "At least one minute.")
    .max(maxEtaMinutes, `At most ${maxEtaMinutes / 60} hours: a later arrival is a new visit.`),
});
export type EtaInput = z.input<typeof etaSchema>;

/**
 * "Visit done": an optional note for the history, when the work finished (now when absent; not in
 * the future) and the owner's after-photos, uploaded first through POST /api/uploads.
 */
export const completeVisitSchema = z.object({
  note: words(1000),
  completedAt: z.iso.datetime({ offset: true, message: "Give the time as an ISO date and time." }).optional(),
  photos: z.array(z.string()).optional(),
});
export type CompleteVisitInput = z.input<typeof completeVisitSchema>;

export const availabilitySettingsSchema = z.object({
  workingDays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  dailyCap: z
    .number()
    .int()
    .min(0, "The daily cap cannot be negative.")
    .max(20, "At most 20 jobs a day.")
    .optional(),
  minimumNoticeWorkingDays: z.number().int().min(0).max(30, "At most 30 working days' notice.").optional(),
  horizonWeeks: z
    .number()
    .int()
    .min(1, "At least one week ahead.")
    .max(52, "At most 52 weeks ahead.")
    .optional(),
});
export type AvailabilitySettingsInput = z.input<typeof availabilitySettingsSchema>;

export const blockedDateSchema = z.object({
  date: isoDateSchema,
  label: z
    .string()
    .trim()
    .max(100, "Please keep the label under 100 characters.")
    .refine(isStorableText, "That label contains characters we cannot store.")
    .optional(),
});
export type BlockedDateInput = z.input<typeof blockedDateSchema>;

/** DELETE /api/admin/availability/blocked?date=YYYY-MM-DD */
export const unblockDateQuerySchema = z.object({ date: isoDateSchema });

/** POST /api/admin/availability/holidays {"date"} and DELETE …/holidays?date=YYYY-MM-DD */
export const holidayDateSchema = z.object({ date: isoDateSchema });
