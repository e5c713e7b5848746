/**
 * The parts of the appointment panel (./AppointmentPanel.tsx) that arrange a visit before one is
 * confirmed: the times the customer asked for, another date and window, declining or cancelling,
 * and the dialog that asks for a reason when the server warns about a day or a cancellation period.
 * The panel keeps the state and runs every action (`act`); these show it and report changes.
 */
import { CalendarCheck, CalendarClock, CalendarX } from "lucide-react";
import { useId } from "react";
import type { AppointmentWire, BookingAppointmentsWire } from "../contract/endpoints";
import type { AppointmentActionInput } from "../contract/owner-forms";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Badge, Button } from "../../../admin/components/ui";
import { AskedForTimes, fieldClass, TimeFieldInputs, type TimeFields } from "./VisitTimeParts";

type Act = (input: AppointmentActionInput, done: string) => Promise<void>;

/** The confirm or offer the server warned about, waiting for the owner's reason or a step back. */
export type EarlyWarning = {
  input: AppointmentActionInput;
  done: string;
  warning: string;
  /** "early": inside a quote's cancellation period; "day": a day customers cannot book. */
  kind: "early" | "day";
};

export function PreferredTimes({
  options,
  live,
  busy,
  act,
}: {
  options: BookingAppointmentsWire["preferredOptions"];
  live: AppointmentWire | null;
  busy: boolean;
  act: Act;
}) {
  return (
    <AskedForTimes
      options={options}
      headingClass="mt-4"
      step={(o) =>
        live?.status === "confirmed" && live.date === o.date && live.window === o.window ? (
          <Badge tone="success">Confirmed</Badge>
        ) : (
          <Button
            variant="success"
            disabled={busy}
            aria-label={`Confirm ${o.label}`}
            onClick={() =>
              void act({ action: "confirm", date: o.date, window: o.window }, `Confirmed: ${o.label}`)
            }
          >
            <CalendarCheck aria-hidden="true" className="size-4" />
            Confirm
          </Button>
        )
      }
    />
  );
}

export function AnotherTime({
  fields,
  onFields,
  busy,
  act,
}: {
  fields: TimeFields;
  onFields: (next: TimeFields) => void;
  busy: boolean;
  act: Act;
}) {
  const { date, window, message } = fields;
  return (
    <details className="mt-4">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
        Another date and time
      </summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TimeFieldInputs fields={fields} onFields={onFields} dateLabel="Date" />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="success"
          disabled={busy || !date}
          onClick={() =>
            void act(
              { action: "confirm", date, window, ...(message ? { message } : {}) },
              "Appointment confirmed",
            )
          }
        >
          <CalendarCheck aria-hidden="true" className="size-4" />
          Confirm this time
        </Button>
        <Button
          variant="secondary"
          disabled={busy || !date}
          onClick={() =>
            void act(
              { action: "propose", date, window, ...(message ? { message } : {}) },
              "Time offered to the customer",
            )
          }
        >
          <CalendarClock aria-hidden="true" className="size-4" />
          Propose this time
        </Button>
      </div>
    </details>
  );
}

export function DeclineBooking({
  live,
  reason,
  onReason,
  busy,
  act,
}: {
  live: AppointmentWire | null;
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  act: Act;
}) {
  return (
    <details className="mt-3">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-danger-600">
        {live?.status === "confirmed" ? "Cancel the appointment" : "Decline the booking"}
      </summary>
      <label className="mt-3 block text-sm font-semibold text-slate-800">
        Reason, for the customer (optional)
        <textarea
          className={fieldClass}
          rows={2}
          maxLength={1000}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
        />
      </label>
      <div className="mt-3 flex flex-wrap gap-2">
        {live ? (
          <Button
            variant="danger"
            disabled={busy}
            onClick={() =>
              void act({ action: "cancel", ...(reason ? { reason } : {}) }, "Appointment cancelled")
            }
          >
            <CalendarX aria-hidden="true" className="size-4" />
            Cancel appointment
          </Button>
        ) : null}
        {live?.status !== "confirmed" ? (
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => void act({ action: "decline", ...(reason ? { reason } : {}) }, "Booking declined")}
          >
            <CalendarX aria-hidden="true" className="size-4" />
            Decline booking
          </Button>
        ) : null}
      </div>
    </details>
  );
}

export function OverrideDialog({
  early,
  reason: earlyReason,
  onReason,
  busy,
  onClose,
  act,
}: {
  early: EarlyWarning | null;
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  onClose: () => void;
  act: Act;
}) {
  const ids = useId();
  return (
    <AdminDialog
      open={early !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        early?.kind === "day" ? "Customers cannot book this day" : "Inside the customer's cancellation period"
      }
      description={early?.warning}
      role="alertdialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!early || !earlyReason.trim()) return;
          if (early.input.action !== "confirm" && early.input.action !== "propose") return;
          void act(
            {
              ...early.input,
              ...(early.kind === "day"
                ? { dayOverrideReason: earlyReason.trim() }
                : { earlyStartReason: earlyReason.trim() }),
            },
            early.done,
          );
        }}
      >
        <label htmlFor={`${ids}-early-reason`} className="block text-sm font-semibold text-slate-800">
          {early?.kind === "day"
            ? "Why this visit goes on this day (kept in the request's history)"
            : "Why this visit goes ahead now (kept in the request's history)"}
        </label>
        <textarea
          id={`${ids}-early-reason`}
          required
          maxLength={1000}
          value={earlyReason}
          onChange={(e) => onReason(e.target.value)}
          className={`${fieldClass} min-h-20`}
        />
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Keep the date free
          </Button>
          <Button type="submit" disabled={busy || !earlyReason.trim()}>
            Go ahead with this visit
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
