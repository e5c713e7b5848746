/**
 * Appointments, booking details, the owner's booking settings and blocked dates: all their SQL.
 * Every function takes an executor (the database or an open transaction); it defaults to `getDb()`.
 */
import { and, asc, between, count, desc, eq, gte, inArray, isNull, lte, sql } from "../../platform/db/orm";
import type { IsoDate } from "./contract/dates";
import type { AppointmentStatus } from "./contract/status";
import type { WindowId } from "./contract/windows";
import { getDb, type Db } from "../../platform/db/client";
import {
  appointments,
  blockedDates,
  bookingDetails,
  bookingSettings,
  holidayOpenings,
  quotes,
  requests,
} from "../tables";
import type { AcceptanceFacts } from "./contract/cancellation-period";

export interface PreferredOptionRow {
  date: IsoDate;
  window: WindowId;
}

export interface BookingDetails {
  submissionId: number;
  preferredOptions: PreferredOptionRow[];
  urgent: boolean;
  accessNotes: string | null;
}

export interface Appointment {
  id: number;
  submissionId: number;
  uid: string;
  sequence: number;
  date: IsoDate | null;
  window: WindowId | null;
  status: AppointmentStatus;
  message: string | null;
  confirmedAt: Date | null;
  reminderSentAt: Date | null;
  completedAt: Date | null;
  onMyWayAt: Date | null;
  etaAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

type AppointmentRow = typeof appointments.$inferSelect;
const toAppointment = (row: AppointmentRow): Appointment => ({
  ...row,
  window: row.window as WindowId | null,
  status: row.status as AppointmentStatus,
});

export async function insertDetails(details: BookingDetails, db: Db = getDb()): Promise<void> {
  await db.insert(bookingDetails).values(details);
}

/** A booking's preferred options replaced (the customer asked for other times); the rest kept. */
export async function replacePreferredOptions(
  requestId: number,
  preferredOptions: PreferredOptionRow[],
  db: Db,
): Promise<void> {
  await db
    .insert(bookingDetails)
    .values({ submissionId: requestId, preferredOptions, urgent: false, accessNotes: null })
    .onConflictDoUpdate({ target: bookingDetails.submissionId, set: { preferredOptions } });
}

export async function findDetails(requestId: number, db: Db = getDb()): Promise<BookingDetails | null> {
  const [row] = await db.select().from(bookingDetails).where(eq(bookingDetails.submissionId, requestId));
  return row ? { ...row, preferredOptions: row.preferredOptions as PreferredOptionRow[] } : null;
}

export async function detailsFor(
  ids: readonly number[],
  db: Db = getDb(),
): Promise<Map<number, BookingDetails>> {
  const out = new Map<number, BookingDetails>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(bookingDetails)
    .where(inArray(bookingDetails.submissionId, [...ids]));
  for (const row of rows) {
    out.set(row.submissionId, { ...row, preferredOptions: row.preferredOptions as PreferredOptionRow[] });
  }
  return out;
}

/** The live (proposed or confirmed) appointment of a request, locked for the caller's transaction. */
export async function findLiveForUpdate(requestId: number, db: Db): Promise<Appointment | null> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(
      and(eq(appointments.submissionId, requestId), inArray(appointments.status, ["proposed", "confirmed"])),
    )
    .for("update");
  return row ? toAppointment(row) : null;
}

/** Every appointment of a request, newest first. */
export async function listForRequest(requestId: number, db: Db = getDb()): Promise<Appointment[]> {
  const rows = await db
    .select()
    .from(appointments)
    .where(eq(appointments.submissionId, requestId))
    .orderBy(desc(appointments.id));
  return rows.map(toAppointment);
}

/** The newest appointment of each of these requests. */
export async function latestFor(ids: readonly number[], db: Db = getDb()): Promise<Map<number, Appointment>> {
  const out = new Map<number, Appointment>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(appointments)
    .where(inArray(appointments.submissionId, [...ids]))
    .orderBy(asc(appointments.id));
  for (const row of rows) out.set(row.submissionId, toAppointment(row));
  return out;
}

export interface NewAppointment {
  /** From `nextAppointmentId`, so the UID can name the row. */
  id: number;
  submissionId: number;
  uid: string;
  date: IsoDate | null;
  window: WindowId | null;
  status: AppointmentStatus;
  message?: string | null;
  confirmedAt?: Date | null;
}

/** The next appointment id, taken before the insert so the row's UID can name it. */
export async function nextAppointmentId(db: Db): Promise<number> {
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('appointments', 'id'))::int as id`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows;
  return Number(rows[0]!.id);
}

export async function insertAppointment(input: NewAppointment, db: Db): Promise<Appointment> {
  const [row] = await db.insert(appointments).values(input).returning();
  return toAppointment(row!);
}

export async function updateAppointment(
  id: number,
  patch: Partial<
    Pick<
      Appointment,
      | "date"
      | "window"
      | "status"
      | "message"
      | "confirmedAt"
      | "sequence"
      | "completedAt"
      | "onMyWayAt"
      | "etaAt"
    >
  >,
  db: Db,
): Promise<Appointment> {
  const [row] = await db
    .update(appointments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(appointments.id, id))
    .returning();
  return toAppointment(row!);
}

/** Confirmed jobs per date between two dates (both included); a visit recorded done still took its day. */
export async function confirmedCounts(
  from: IsoDate,
  to: IsoDate,
  db: Db = getDb(),
): Promise<Map<IsoDate, number>> {
  const rows = await db
    .select({ date: appointments.date, n: count() })
    .from(appointments)
    .where(
      and(inArray(appointments.status, ["confirmed", "completed"]), between(appointments.date, from, to)),
    )
    .groupBy(appointments.date);
  return new Map(rows.filter((r) => r.date !== null).map((r) => [r.date!, Number(r.n)]));
}

/** A confirmed job with what the owner's calendar and the e-mails need about its request. */
export interface ConfirmedJob {
  appointment: Appointment;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  service: string | null;
  message: string;
  accessNotes: string | null;
}

/**
 * Confirmed jobs dated between two dates (both included), in date and window order; with
 * `withCompleted`, the visits already recorded as done too (the owner's calendar feed keeps them).
 */
export async function confirmedJobs(
  from: IsoDate,
  to: IsoDate,
  db: Db = getDb(),
  withCompleted = false,
): Promise<ConfirmedJob[]> {
  const rows = await db
    .select({
      appointment: appointments,
      name: requests.name,
      email: requests.email,
      phone: requests.phone,
      address: requests.address,
      service: requests.service,
      message: requests.message,
      accessNotes: bookingDetails.accessNotes,
    })
    .from(appointments)
    .innerJoin(requests, eq(requests.id, appointments.submissionId))
    .leftJoin(bookingDetails, eq(bookingDetails.submissionId, appointments.submissionId))
    .where(
      and(
        inArray(appointments.status, withCompleted ? ["confirmed", "completed"] : ["confirmed"]),
        between(appointments.date, from, to),
      ),
    )
    .orderBy(
      asc(appointments.date),
      sql`case ${appointments.window} when 'morning' then 0 when 'any' then 1 else 2 end`,
      asc(appointments.id),
    );
  return rows.map((r) => ({ ...r, appointment: toAppointment(r.appointment) }));
}

/** Confirmed jobs without a reminder yet, dated between two dates: the reminder job's candidates. */
export async function reminderCandidates(
  from: IsoDate,
  to: IsoDate,
  db: Db = getDb(),
): Promise<ConfirmedJob[]> {
  const jobs = await confirmedJobs(from, to, db);
  return jobs.filter((j) => j.appointment.reminderSentAt === null);
}

/**
 * Marks the reminder of one appointment sent, only if nobody has yet; true when this call did.
 * Run in the transaction that queues the reminder, so two runs never send two.
 */
export async function claimReminder(id: number, now: Date, db: Db): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ reminderSentAt: now })
    .where(
      and(eq(appointments.id, id), eq(appointments.status, "confirmed"), isNull(appointments.reminderSentAt)),
    )
    .returning({ id: appointments.id });
  return rows.length === 1;
}

// ---- settings and blocked dates ----

export type BookingSettingsRow = typeof bookingSettings.$inferSelect;

export async function readSettings(db: Db = getDb()): Promise<BookingSettingsRow | null> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1));
  return row ?? null;
}

export async function saveSettings(
  patch: Partial<Omit<BookingSettingsRow, "id" | "updatedAt">>,
  db: Db = getDb(),
): Promise<BookingSettingsRow> {
  const values = { ...patch, updatedAt: new Date() };
  const [row] = await db
    .insert(bookingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: bookingSettings.id, set: values })
    .returning();
  return row!;
}

export interface BlockedDateRow {
  date: IsoDate;
  label: string | null;
}

export async function listBlocked(from: IsoDate, to: IsoDate, db: Db = getDb()): Promise<BlockedDateRow[]> {
  return db
    .select({ date: blockedDates.date, label: blockedDates.label })
    .from(blockedDates)
    .where(and(gte(blockedDates.date, from), lte(blockedDates.date, to)))
    .orderBy(asc(blockedDates.date));
}

export async function addBlocked(row: BlockedDateRow, db: Db = getDb()): Promise<void> {
  await db
    .insert(blockedDates)
    .values(row)
    .onConflictDoUpdate({ target: blockedDates.date, set: { label: row.label } });
}

export async function removeBlocked(date: IsoDate, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .delete(blockedDates)
    .where(eq(blockedDates.date, date))
    .returning({ date: blockedDates.date });
  return rows.length > 0;
}

/** Bank holidays the owner opened for work, between two dates (both included). */
export async function listOpenedHolidays(
  from: IsoDate,
  to: IsoDate,
  db: Db = getDb(),
): Promise<Set<IsoDate>> {
  const rows = await db
    .select({ date: holidayOpenings.date })
    .from(holidayOpenings)
    .where(and(gte(holidayOpenings.date, from), lte(holidayOpenings.date, to)));
  return new Set(rows.map((r) => r.date));
}

export async function openHoliday(date: IsoDate, db: Db = getDb()): Promise<void> {
  await db.insert(holidayOpenings).values({ date }).onConflictDoNothing();
}

/** True when the holiday had been opened (and is now blocked again). */
export async function closeHoliday(date: IsoDate, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .delete(holidayOpenings)
    .where(eq(holidayOpenings.date, date))
    .returning({ date: holidayOpenings.date });
  return rows.length > 0;
}

/** One appointment by its id, locked for the rest of the transaction; null when there is none. */
export async function findByIdForUpdate(id: number, db: Db): Promise<Appointment | null> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).for("update");
  return row ? toAppointment(row) : null;
}

/** The request an appointment belongs to (a plain read, no lock); null when there is none. */
export async function requestIdOf(id: number, db: Db): Promise<number | null> {
  const [row] = await db
    .select({ submissionId: appointments.submissionId })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row?.submissionId ?? null;
}

/** A request's accepted quote as a visit needs it: its number, and the acceptance's facts and total. */
export interface AcceptedQuote {
  submissionId: number;
  version: number;
  acceptance: (AcceptanceFacts & { totalPence: number }) | null;
}

/**
 * The request's accepted quotes, newest version first. The quotes table is read through the
 * schema (src/features/tables.ts), as the schedule reads it: quotes sit above appointments, which
 * may not import them (docs/decisions/073-no-feature-imports-a-higher-one.md).
 */
export async function acceptedQuotes(requestId: number, db: Db = getDb()): Promise<AcceptedQuote[]> {
  return db
    .select({ submissionId: quotes.submissionId, version: quotes.version, acceptance: quotes.acceptance })
    .from(quotes)
    .where(and(eq(quotes.submissionId, requestId), eq(quotes.status, "accepted")))
    .orderBy(desc(quotes.version));
}
