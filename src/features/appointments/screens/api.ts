/**
 * The admin app's calls for appointments: a request's visit, the day's actions, working days and the calendar feed.
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import { signedIn } from "../../../admin/api";
import type {
  AppointmentActionInput,
  AvailabilitySettingsInput,
  BlockedDateInput,
  CompleteVisitInput,
  EtaInput,
} from "../contract/owner-forms";
import type { OwnerJobInput } from "../contract/owner-job";

export const appointmentsApi = {
  /** A job the owner adds by hand; the same key on a repeat returns the first job. */
  addJob: async (body: OwnerJobInput, idempotencyKey: string) =>
    (await signedIn(callApi(r.addJobRoute, { body, idempotencyKey }))).submission,
  appointment: (id: number) => signedIn(callApi(r.bookingAppointmentsRoute, { id })),
  actOnAppointment: (id: number, input: AppointmentActionInput) =>
    signedIn(callApi(r.actOnAppointmentRoute, { id, body: input })),
  /** On the day; `appointmentId` is the visit's own id (docs/decisions/040-on-the-day.md). */
  onMyWay: (appointmentId: number, input: EtaInput) =>
    signedIn(callApi(r.onMyWayRoute, { id: appointmentId, body: input })),
  runningLate: (appointmentId: number, input: EtaInput) =>
    signedIn(callApi(r.runningLateRoute, { id: appointmentId, body: input })),
  completeVisit: (appointmentId: number, input: CompleteVisitInput) =>
    signedIn(callApi(r.completeVisitRoute, { id: appointmentId, body: input })),
  availability: () => signedIn(callApi(r.availabilitySettingsRoute)),
  saveAvailability: (input: AvailabilitySettingsInput) =>
    signedIn(callApi(r.saveAvailabilityRoute, { body: input })),
  blockDate: (input: BlockedDateInput) => signedIn(callApi(r.blockDateRoute, { body: input })),
  unblockDate: (date: string) => signedIn(callApi(r.unblockDateRoute, { query: { date } })),
  /** A bank holiday opened for work (`open`) or blocked again. */
  setHolidayOpen: (date: string, open: boolean) =>
    signedIn(
      open
        ? callApi(r.openHolidayRoute, { body: { date } })
        : callApi(r.closeHolidayRoute, { query: { date } }),
    ),
  replaceCalendarFeed: () => signedIn(callApi(r.replaceCalendarFeedRoute)),
};
