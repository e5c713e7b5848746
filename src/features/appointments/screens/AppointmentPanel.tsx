/**
 * A booking's appointment in the request dialog: until a visit is confirmed, the times the customer
 * asked for, each confirmed with one tap, and any other date and window, confirmed or proposed (with
 * a message); once confirmed, one "Move visit" with a confirmation step (./MoveVisit.tsx); declining
 * (with a reason); and cancelling a live appointment. Every action e-mails the customer (a confirmation
 * carries a calendar invitation) and moves the request through its states on the server.
 *
 * On the day of a confirmed visit, the day's actions (./VisitDay.tsx): on my way, running late,
 * visit done, then the next steps.
 *
 * A visit inside the cancellation period of an accepted quote, where the customer did not ask for
 * an early start, is refused by the server with a warning (409 `inside_cancellation_period`); the
 * owner reads it here and may go ahead by giving a reason, which the request's history keeps. A live
 * visit already inside such a period carries the same flag in plain words.
 */
import { appointmentsApi } from "./api";
import { CalendarCheck, Zap } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import type { AppointmentWire } from "../contract/endpoints";
import { isClosed, stateInfo } from "../../requests/contract/states";
import type { AppointmentActionInput } from "../contract/owner-forms";
import { ApiError } from "../../../admin/api";
import { queries, requestChanged } from "../../../admin/query";
import { TextLinkMaker } from "../../../admin/components/CopyMessage";
import { Badge, Button, Spinner } from "../../../admin/components/ui";
import { MoveVisit } from "./MoveVisit";
import { showsVisitDay, VisitDay } from "./VisitDay";
import { PassedWindowDialog } from "./PassedWindowDialog";
import { CancellationFlag } from "./CancellationFlag";
import { visitPeriodFlag } from "../contract/cancellation-period";
import { LoadError } from "../../../admin/components/LoadError";
import {
  AnotherTime,
  DeclineBooking,
  OverrideDialog,
  PreferredTimes,
  type EarlyWarning,
} from "./ArrangeVisit";
import type { WindowChoice } from "./VisitTimeParts";

const statusWords: Record<AppointmentWire["status"], string> = {
  confirmed: "Confirmed",
  proposed: "Offered, waiting for the customer",
  completed: "Visit done",
  cancelled: "Cancelled",
  declined: "Declined",
};

export function AppointmentPanel({ requestId }: { requestId: number }) {
  const query = useQuery(queries.appointment(requestId));
  // A done, lost or cancelled request has no live visit: its actions are not offered.
  const request = useQuery(queries.item(requestId)).data;
  const requestState = request?.state;
  const closed = requestState !== undefined && isClosed(requestState);
  const data = query.data ?? null;
  const failed = query.isError;
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState("");
  const [window, setWindow] = useState<WindowChoice>("any");
  const [message, setMessage] = useState("");
  const [reason, setReason] = useState("");
  const ids = useId();
  /** The confirm or offer the server warned about, waiting for the owner's reason or a step back. */
  const [early, setEarly] = useState<EarlyWarning | null>(null);
  const [earlyReason, setEarlyReason] = useState("");
  /** A confirm the server refused because its window has ended (it may be recorded done already). */
  const [passed, setPassed] = useState<{ input: AppointmentActionInput; warning: string } | null>(null);

  const act = async (input: AppointmentActionInput, done: string) => {
    setBusy(true);
    try {
      const result = await appointmentsApi.actOnAppointment(requestId, input);
      toast.success(result.changed ? done : "Already done: nothing changed and no e-mail was sent.");
      setMessage("");
      setReason("");
      // The appointment, the request's state and its history all changed: every view of them
      // (this dialog's history too) is fetched again now.
      setEarly(null);
      setEarlyReason("");
      setPassed(null);
      await requestChanged(requestId);
    } catch (err) {
      if (err instanceof ApiError && err.code === "window_passed" && input.action === "confirm") {
        setPassed({ input, warning: err.message });
        return;
      }
      if (err instanceof ApiError && err.code === "inside_cancellation_period") {
        setEarly({ input, done, warning: err.message, kind: "early" });
        return;
      }
      if (err instanceof ApiError && err.code === "day_unavailable") {
        setEarly({ input, done, warning: err.message, kind: "day" });
        return;
      }
      const text =
        err instanceof ApiError
          ? (Object.values(err.fields)[0] ?? err.message)
          : "The server could not be reached. Please try again.";
      toast.error("That did not work", { description: text });
    } finally {
      setBusy(false);
    }
  };

  if (failed) {
    return (
      <LoadError
        className="mt-5"
        what="The appointment"
        onRetry={query.refetch}
        retrying={query.isFetching}
      />
    );
  }
  if (!data) return <Spinner label="Loading the appointment…" className="py-4" />;

  const live = data.appointments.find((a) => a.status === "confirmed" || a.status === "proposed") ?? null;
  const latest = data.appointments[0] ?? null;
  const shown = live ?? latest;

  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-5 rounded-lg border border-slate-200 p-4">
      <h3 id={`${ids}-heading`} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Appointment
      </h3>
      {shown ? (
        <p className="mt-2 flex flex-wrap items-center gap-2" data-testid="appointment-status">
          <Badge
            tone={
              shown.status === "confirmed" || shown.status === "completed"
                ? "success"
                : shown.status === "proposed"
                  ? "accent"
                  : "neutral"
            }
          >
            {statusWords[shown.status]}
          </Badge>
          {shown.label ? <span className="font-semibold text-slate-900">{shown.label}</span> : null}
          {shown.message ? <span className="w-full text-sm text-slate-600">“{shown.message}”</span> : null}
        </p>
      ) : (
        <p className="mt-2 text-slate-700">No time agreed yet.</p>
      )}
      {live ? <CancellationFlag text={visitPeriodFlag(live.date, data.cancellationPeriod)} /> : null}
      {live && !closed && request && !request.email ? (
        <div data-testid="appointment-no-email">
          <p className="mt-2 text-sm text-slate-700">
            No e-mail address: phone {request.name} with the time, or text them a link to their page, which
            shows the visit.
          </p>
          <TextLinkMaker key={live.id} requestId={requestId} about="visit" />
        </div>
      ) : null}
      {showsVisitDay(shown, !closed) ? (
        <VisitDay key={shown.id} requestId={requestId} appointment={shown} />
      ) : null}
      {!closed && live?.status === "proposed" && live.date && live.window ? (
        <Button
          variant="success"
          className="mt-2"
          disabled={busy}
          onClick={() =>
            void act(
              { action: "confirm", date: live.date!, window: live.window! },
              `Confirmed: ${live.label ?? live.date}`,
            )
          }
        >
          <CalendarCheck aria-hidden="true" className="size-4" />
          The customer agreed: confirm this time
        </Button>
      ) : null}
      {data.urgent ? (
        <p className="mt-2 flex items-center gap-1.5 font-semibold text-danger-600">
          <Zap aria-hidden="true" className="size-4" /> The customer marked this as urgent.
        </p>
      ) : null}
      {data.accessNotes ? (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-semibold">Access notes:</span> {data.accessNotes}
        </p>
      ) : null}

      {closed ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="appointment-closed">
          This request is {stateInfo[requestState!].label.toLowerCase()}, so no visit can be arranged. Move it
          back to Contacted to arrange one.
        </p>
      ) : (
        <>
          {live?.status === "confirmed" ? (
            <MoveVisit
              live={live}
              customerName={request?.name ?? "The customer"}
              emailed={Boolean(request?.email)}
              preferredOptions={data.preferredOptions}
              busy={busy}
              act={act}
            />
          ) : (
            <>
              <PreferredTimes options={data.preferredOptions} live={live} busy={busy} act={act} />

              <AnotherTime
                fields={{ date, window, message }}
                onFields={(next) => {
                  setDate(next.date);
                  setWindow(next.window);
                  setMessage(next.message);
                }}
                busy={busy}
                act={act}
              />
            </>
          )}

          {/* After a visit is done there is no booking left to decline (a return visit is booked above). */}
          {live || latest?.status !== "completed" ? (
            <DeclineBooking live={live} reason={reason} onReason={setReason} busy={busy} act={act} />
          ) : null}
        </>
      )}
      <OverrideDialog
        early={early}
        reason={earlyReason}
        onReason={setEarlyReason}
        busy={busy}
        onClose={() => setEarly(null)}
        act={act}
      />
      <PassedWindowDialog
        warning={passed?.warning ?? null}
        busy={busy}
        onClose={() => setPassed(null)}
        onDoneAlready={() => {
          if (passed?.input.action === "confirm") {
            void act({ ...passed.input, doneAlready: true }, "Recorded as done already. No e-mail was sent.");
          }
        }}
      />
    </section>
  );
}
