import { z } from "zod";
import { booking } from "../../../config/booking";
import { isIsoDate } from "./dates";
import { windowIds } from "./windows";

/**
 * The shape of a preferred option only: a real date and a known window. Whether the business can do
 * that date is a separate question the server answers with `checkOption`
 * (src/features/appointments/availability.ts), because it depends on today and on the diary.
 */

const dateMessage = "Please choose a date.";

export const isoDateSchema = z
  .string({ error: dateMessage })
  .trim()
  .min(1, { error: dateMessage, abort: true })
  .refine(isIsoDate, "Please choose a real date (YYYY-MM-DD).");

export const windowIdSchema = z.enum(windowIds, { error: "Please choose morning, afternoon or any time." });

export const preferredOptionSchema = z.object({ date: isoDateSchema, window: windowIdSchema });
export type PreferredOption = z.infer<typeof preferredOptionSchema>;

const maxOptions = booking.maxPreferredOptions;

/** One to three options (the configured maximum), no two the same. */
export const preferredOptionsSchema = z
  .array(preferredOptionSchema, { error: "Please choose at least one date and time that suits you." })
  .min(1, "Please choose at least one date and time that suits you.")
  .max(maxOptions, `Please choose at most ${maxOptions} dates and times.`)
  .refine(
    (options) => new Set(options.map((o) => `${o.date} ${o.window}`)).size === options.length,
    "Please choose a different date or time for each option.",
  );
