/**
 * An appointment's status: `proposed` (the owner offered a time, waiting for the customer),
 * `confirmed`, `completed` (the visit happened and the request is done), `cancelled` (a live one
 * called off) or `declined` (the owner could not take the booking). Proposed and confirmed are
 * live; a request has at most one live appointment.
 */
export const appointmentStatuses = ["proposed", "confirmed", "completed", "cancelled", "declined"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
