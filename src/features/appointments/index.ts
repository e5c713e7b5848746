/**
 * The appointments feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { addOwnerJob } from "./service-owner-jobs";
export { bookableDates } from "./availability";
export { bankHolidays } from "./holidays";
export { appointmentCalendarFile, appointmentLabel } from "./mail";
export {
  type Appointment,
  findDetails,
  findLiveForUpdate,
  listForRequest,
  replacePreferredOptions,
  updateAppointment,
} from "./repository";
export { scheduledOn } from "./repository-scheduled";
export {
  actOnAppointment,
  availability,
  availabilitySettings,
  blockDate,
  bookingAppointments,
  bookingOptionProblems,
  calendarFeed,
  cancelAppointmentIn,
  closedDays,
  customerAppointmentAction,
  loadRules,
  optionLabels,
  ownerAppointmentActionIn,
  readBookingExtras,
  replaceFeedUrl,
  saveAvailabilitySettings,
  sendDueReminders,
  setHolidayOpen,
  submitBooking,
  unblockDate,
} from "./service";
export { completeVisit, onMyWay, runningLate } from "./service-day";
export { endLiveVisit, visitAheadConflict } from "./service-lifecycle";
export { changeCutoff, windowInstants } from "./window-instants";
