/**
 * The admin's appointment and availability requests (checked on the server and typed in the admin
 * app); the endpoints and their answers are in src/features/appointments/contract/endpoints.ts.
 */
import { z } from "zod";
import { isoDateSchema, windowIdSchema } from "./option-fields";
import { isStorableText } from "../../../lib/form-fields/text";

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
