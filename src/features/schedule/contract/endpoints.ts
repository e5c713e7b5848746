/**
 * The owner's schedule (docs/decisions/039-schedule.md):
 *
 *   GET /api/admin/schedule?from=YYYY-MM-DD&to=YYYY-MM-DD[&detail=sheet]
 *
 * Every day from `from` to `to` (both included, at most 92 days): whether customers can book it
 * and why not (a day that is not worked, the owner's day off with his label, a bank holiday he has
 * not opened), the daily cap and how many confirmed visits count against it, and the day's
 * confirmed visits and proposals awaiting the customer's answer, in window order, each with what the
 * screens draw; `detail=sheet` (the run sheet) adds the job, access notes and notes. A malformed date,
 * `to` before `from` or a longer range answers 400.
 */
import { z } from "zod";
import { appointmentStatuses } from "../../appointments/contract/status";
import { windowIds } from "../../appointments/contract/windows";
import { scheduleRoute } from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import { rangeProblem } from "./range";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const scheduleQuerySchema = z
  .object({
    from: z.string({ error: "from is required (YYYY-MM-DD)." }),
    to: z.string({ error: "to is required (YYYY-MM-DD)." }),
    /** `sheet`: each visit also carries the run sheet's texts (`sheet`). */
    detail: z.enum(["sheet"], { error: "detail must be sheet or left out." }).optional(),
  })
  .superRefine((q, ctx) => {
    const problem = rangeProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** An arrival window on one day, as the schedule's visits that day share it. */
export const scheduleWindowSchema = z.object({
  id: z.enum(windowIds),
  /** "morning (8am to 12pm)". */
  label: z.string(),
  /** Wall-clock `HH:MM` in Europe/London. */
  start: z.string(),
  end: z.string(),
  /** The same times as instants (ISO, UTC). */
  startsAt: z.string(),
  endsAt: z.string(),
});
export type ScheduleWindow = z.infer<typeof scheduleWindowSchema>;

export const scheduleVisitSchema = z.object({
  /** The appointment's id. */
  id: z.number().int().positive(),
  requestId: z.number().int().positive(),
  /** `confirmed`, or `proposed` (offered, waiting for the customer). */
  status: z.enum(appointmentStatuses),
  /** The window's id; its times are in the day's `windows`, sent once a day, not once a visit. */
  window: z.enum(windowIds),
  name: z.string(),
  phone: z.string().nullable(),
  /** Whether the customer gave an e-mail address (moving the visit e-mails them; without one, phone). */
  hasEmail: z.boolean(),
  address: z.string().nullable(),
  /** The service's label ("General repairs"), or null when the request named none. */
  service: z.string().nullable(),
  hasPhotos: z.boolean(),
  /**
   * A live visit inside the customer's cancellation period without their early-start request, in
   * plain words ("Inside the 14-day cancellation period: no early-start request; the customer may
   * cancel until Fri 11 Dec"); null otherwise.
   */
  cancellationFlag: z.string().nullable(),
  /** Only with `detail=sheet` (the run sheet): what the owner needs at the door. */
  sheet: z
    .object({
      /** What needs doing: the customer's message. */
      job: z.string(),
      accessNotes: z.string().nullable(),
      /** The owner's words sent with the confirmation or offer. */
      visitMessage: z.string().nullable(),
      /** The owner's private notes on the request, oldest first. */
      notes: z.array(z.string()),
    })
    .optional(),
});
export type ScheduleVisitWire = z.infer<typeof scheduleVisitSchema>;

export const scheduleDaySchema = z.object({
  date: isoDate,
  /** "Monday 30 November 2026". */
  label: z.string(),
  /** Customers cannot book it: not worked, a day off, or a bank holiday not opened for work. */
  blocked: z.boolean(),
  /** "Not a working day", "Bank holiday: St Andrew's Day", "Day off" or the owner's own label. */
  blockedReason: z.string().nullable(),
  /** A bank holiday the owner opened for work (not blocked, shown so he knows). */
  openedHoliday: z.string().nullable(),
  cap: z.object({
    /** Confirmed visits a day can take. */
    limit: z.number().int().nonnegative(),
    /** Confirmed visits counted against it (a visit recorded as done still took its day). */
    booked: z.number().int().nonnegative(),
    full: z.boolean(),
  }),
  /** The windows the day's visits use, each once. */
  windows: z.array(scheduleWindowSchema),
  /** Confirmed visits and proposals awaiting an answer, in window order. */
  appointments: z.array(scheduleVisitSchema),
});
export type ScheduleDayWire = z.infer<typeof scheduleDaySchema>;

export const scheduleAnswerSchema = z.object({
  /** Today in Europe/London, so the screens agree with the server about "today". */
  today: isoDate,
  days: z.array(scheduleDaySchema),
});
export type ScheduleAnswerWire = z.infer<typeof scheduleAnswerSchema>;

/** A visit as the screens draw it: its window's times joined back from its day. */
export type ScheduleVisit = Omit<ScheduleVisitWire, "window"> & { window: ScheduleWindow };
export type ScheduleDay = Omit<ScheduleDayWire, "appointments"> & { appointments: ScheduleVisit[] };
export type ScheduleAnswer = { today: string; days: ScheduleDay[] };

/** The answer with each visit's window object joined from its day's `windows` (the screens' shape). */
export function withWindows(answer: ScheduleAnswerWire): ScheduleAnswer {
  return {
    today: answer.today,
    days: answer.days.map((day) => {
      const byId = new Map(day.windows.map((w) => [w.id, w]));
      return { ...day, appointments: day.appointments.map((v) => ({ ...v, window: byId.get(v.window)! })) };
    }),
  };
}

export const scheduleEndpoints = {
  schedule: defineEndpoint({
    ...scheduleRoute,
    status: 200,
    query: scheduleQuerySchema,
    response: scheduleAnswerSchema,
  }),
};
