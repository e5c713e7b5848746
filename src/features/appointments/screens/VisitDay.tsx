/**
 * On the day of a confirmed visit (docs/decisions/040-on-the-day.md): "On my way" with an arrival
 * estimate (one tap on 15 to 90 minutes, or typed), then "Running late" with a new one, and "Visit
 * done" with the time (now unless changed), a note and after-photos; once the visit is done, the
 * next steps: an invoice, the request marked done, a review. Given the request and its visit, so the
 * request dialog and the schedule can both show it. Every answer goes into the query cache at once.
 */
import { appointmentsApi } from "./api";
import { useQuery } from "@tanstack/react-query";
import { Camera, CheckCircle2, Clock, FileText, Navigation, Star } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { onTheDay } from "../../../config/booking";
import { dateInZone, formatTime, wallClock, wallClockInstant } from "../../../platform/time";
import { uploadPhoto } from "../../../islands/photos/upload";
import { isClosed } from "../../requests/contract/states";
import type { AppointmentWire, BookingAppointmentsWire, TellWire } from "../contract/endpoints";
import { ApiError } from "../../../admin/api";
import { keys, queries, queryClient, requestChanged } from "../../../admin/query";
import { workflowApi } from "../../requests/screens";
import { Button, buttonClass, fieldClass } from "../../../admin/components/ui";
import { TextArrival } from "./TextArrival";

/** The visit in the request's cached appointments replaced by the server's answer. */
function putInCache(requestId: number, appointment: AppointmentWire) {
  queryClient.setQueryData<BookingAppointmentsWire>(keys.appointment(requestId), (old) =>
    old
      ? { ...old, appointments: old.appointments.map((a) => (a.id === appointment.id ? appointment : a)) }
      : old,
  );
}

const problemOf = (err: unknown) =>
  err instanceof ApiError
    ? (Object.values(err.fields)[0] ?? err.message)
    : err instanceof Error
      ? err.message
      : "The server could not be reached. Please try again.";

/** How long after a visit is recorded done its next steps stay offered on a closed request. */
const nextStepsDays = 7;

/**
 * Whether the day's actions apply: a confirmed visit today, or one recorded done (its next steps,
 * while the request is open or for a week after).
 */
export function showsVisitDay(
  a: AppointmentWire | null,
  requestOpen: boolean,
  now = new Date(),
): a is AppointmentWire {
  if (!a) return false;
  if (a.status === "confirmed") return requestOpen && a.date === dateInZone(now);
  if (a.status !== "completed" || !a.completedAt) return false;
  return requestOpen || now.getTime() - Date.parse(a.completedAt) < nextStepsDays * 86_400_000;
}

function EtaPicker({
  label,
  busy,
  onSend,
  action,
}: {
  label: string;
  busy: boolean;
  action: string;
  onSend: (minutes: number) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<number | "other">(30);
  const [typed, setTyped] = useState("");
  const minutes = choice === "other" ? Number(typed) : choice;
  const valid = Number.isInteger(minutes) && minutes >= 1 && minutes <= onTheDay.maxEtaMinutes;
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {onTheDay.etaChoicesMinutes.map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={choice === m}
            onClick={() => setChoice(m)}
            className={`min-h-11 min-w-14 rounded-lg border px-3 text-sm font-semibold ${
              choice === m
                ? "border-brand-700 bg-brand-50 text-brand-800"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
            }`}
          >
            {m} min
          </button>
        ))}
        <button
          type="button"
          aria-pressed={choice === "other"}
          onClick={() => setChoice("other")}
          className={`min-h-11 rounded-lg border px-3 text-sm font-semibold ${
            choice === "other"
              ? "border-brand-700 bg-brand-50 text-brand-800"
              : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
          }`}
        >
          Other
        </button>
      </div>
      {choice === "other" ? (
        <label htmlFor={`${id}-minutes`} className="mt-2 block text-sm font-semibold text-slate-800">
          Minutes until you arrive
          <input
            id={`${id}-minutes`}
            type="number"
            inputMode="numeric"
            min={1}
            max={onTheDay.maxEtaMinutes}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className={`${fieldClass} max-w-40`}
          />
        </label>
      ) : null}
      <Button className="mt-3 w-full sm:w-auto" disabled={busy || !valid} onClick={() => onSend(minutes)}>
        <Navigation aria-hidden="true" className="size-4" />
        {action}
      </Button>
    </fieldset>
  );
}

export function VisitDay({ requestId, appointment }: { requestId: number; appointment: AppointmentWire }) {
  const id = useId();
  const item = useQuery(queries.item(requestId)).data;
  const requestState = item?.state;
  // Without an e-mail address the customer was told nothing unless the owner texted them.
  const emailed = !item || !!item.email;
  const [busy, setBusy] = useState(false);
  const [time, setTime] = useState(() => wallClock(new Date()).time);
  const [note, setNote] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [text, setText] = useState<TellWire["text"]>(null);

  const run = async (work: () => Promise<AppointmentWire>, done: string | (() => string)) => {
    setBusy(true);
    setProblem(null);
    try {
      const updated = await work();
      putInCache(requestId, updated);
      toast.success(typeof done === "string" ? done : done());
      await requestChanged(requestId);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  // Without an e-mail address nothing is sent: the answer carries the words to text instead.
  const tell = (late: boolean) => (etaMinutes: number) => {
    let emailed = true;
    void run(
      async () => {
        const result = late
          ? await appointmentsApi.runningLate(appointment.id, { etaMinutes })
          : await appointmentsApi.onMyWay(appointment.id, { etaMinutes });
        emailed = result.told === "email";
        setText(result.text);
        return result.appointment;
      },
      () =>
        emailed
          ? late
            ? "New arrival time sent to the customer"
            : "The customer knows you are on the way"
          : "Recorded. No e-mail address: text the customer the arrival time.",
    );
  };

  const complete = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const photos: string[] = [];
      for (const file of files) {
        const outcome = await uploadPhoto(file, () => {}).done;
        if (!outcome.ok) throw new Error(`${file.name}: ${outcome.message}`);
        photos.push(outcome.id);
      }
      const completedAt = wallClockInstant(appointment.date!, time).toISOString();
      const result = await appointmentsApi.completeVisit(appointment.id, {
        completedAt,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(photos.length ? { photos } : {}),
      });
      setNote("");
      setFiles([]);
      return result.appointment;
    }, "Visit recorded as done");
  };

  const markDone = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const updated = await workflowApi.update(requestId, { state: "done" });
      toast.success("Request marked done");
      await requestChanged(requestId, updated);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const scrollTo = (target: string) => (event: { preventDefault(): void }) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    element.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const eta = appointment.etaAt ? formatTime(new Date(appointment.etaAt)) : null;
  const closed = requestState !== undefined && isClosed(requestState);

  if (appointment.status === "completed") {
    const at = appointment.completedAt ? formatTime(new Date(appointment.completedAt)) : null;
    return (
      <div
        className="mt-4 rounded-lg border border-success-600/30 bg-success-50 p-4"
        data-testid="visit-next-steps"
        aria-labelledby={`${id}-next`}
        role="group"
      >
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <CheckCircle2 aria-hidden="true" className="size-5 text-success-600" />
          Visit done{at ? ` at ${at}` : ""}
        </p>
        <h4 id={`${id}-next`} className="mt-3 text-sm font-semibold text-slate-800">
          Next steps
        </h4>
        <div className="mt-2 grid gap-2 sm:flex sm:flex-wrap">
          <a
            href={`/admin/requests/${requestId}#invoices`}
            onClick={scrollTo(`invoices-${requestId}`)}
            className={buttonClass("primary")}
          >
            <FileText aria-hidden="true" className="size-4" />
            Create an invoice
          </a>
          {!closed ? (
            <Button variant="secondary" disabled={busy} onClick={() => void markDone()}>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Mark the request done
            </Button>
          ) : null}
          {requestState === "done" ? (
            <a
              href={`/admin/requests/${requestId}#review-invitation-${requestId}`}
              onClick={scrollTo(`review-invitation-${requestId}`)}
              className={buttonClass("secondary")}
            >
              <Star aria-hidden="true" className="size-4" />
              Ask for a review
            </a>
          ) : null}
        </div>
        {requestState !== "done" ? (
          <p className="mt-2 text-sm text-slate-700">
            Asking for a review comes once the request is done: its review invitation is then offered here.
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="mt-2 text-sm text-danger-600">
            {problem}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="mt-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4" data-testid="visit-day">
      <h4 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Clock aria-hidden="true" className="size-4" />
        Today&rsquo;s visit
      </h4>
      {appointment.onMyWayAt ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="visit-eta">
          On the way since {formatTime(new Date(appointment.onMyWayAt))};{" "}
          {emailed ? "the customer expects you around" : "arriving around"} <strong>{eta}</strong>.
        </p>
      ) : null}
      {text ? <TextArrival text={text} /> : null}
      {appointment.onMyWayAt ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">Running late</summary>
          <EtaPicker
            label="New arrival, from now"
            busy={busy}
            action="Send the new time"
            onSend={tell(true)}
          />
        </details>
      ) : (
        <EtaPicker label="Arriving in" busy={busy} action="On my way" onSend={tell(false)} />
      )}

      <details className="mt-3" open={!!appointment.onMyWayAt}>
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">Visit done</summary>
        <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={complete}>
          <label className="text-sm font-semibold text-slate-800">
            Finished at
            <input
              type="time"
              required
              value={time}
              onChange={(e) => setTime(e.target.value)}
              className={fieldClass}
            />
          </label>
          <label className="text-sm font-semibold text-slate-800">
            <span className="flex items-center gap-1.5">
              <Camera aria-hidden="true" className="size-4" /> After photos (optional)
            </span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
              multiple
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
              className={`${fieldClass} text-sm`}
            />
          </label>
          <label className="text-sm font-semibold text-slate-800 sm:col-span-2">
            Note for the history (optional)
            <textarea
              rows={2}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className={fieldClass}
            />
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" variant="success" className="w-full sm:w-auto" disabled={busy || !time}>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Record visit done
            </Button>
          </div>
        </form>
      </details>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
