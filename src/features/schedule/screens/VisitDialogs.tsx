/**
 * Booking a visit into a day and moving a confirmed visit, from the schedule. Both are the
 * appointment's own confirm / propose action (src/features/appointments/service.ts): confirming a
 * new date for a confirmed visit moves it (same calendar UID, SEQUENCE + 1, the customer e-mailed the
 * new time). A day customers cannot book (blocked, a bank holiday, at the cap) or a visit inside an
 * accepted quote's cancellation period is refused with the reason; the owner may go ahead by
 * giving his own, which the request's history keeps.
 */
import { appointmentsApi } from "../../appointments/screens";
import { useQuery } from "@tanstack/react-query";
import { CalendarPlus, Search } from "lucide-react";
import { useId, useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button, buttonClass, Spinner } from "../../../admin/components/ui";
import { defaultFilters, workflowApi } from "../../requests/screens";
import type { AppointmentActionInput } from "../../appointments/contract/owner-forms";
import { formatDate } from "../../../platform/time";
import type { ScheduleVisit } from "../contract/endpoints";
import { visitChanged } from "./schedule-api";
import { LoadError } from "../../../admin/components/LoadError";

type WindowChoice = "morning" | "afternoon" | "any";
const windowChoices: readonly { value: WindowChoice; label: string }[] = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
  { value: "any", label: "Any time" },
];

const fieldClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500";

const failure = (err: unknown) =>
  err instanceof ApiError
    ? (Object.values(err.fields)[0] ?? err.message)
    : "The server could not be reached. Please try again.";

/** The server's refusal the owner may override with a reason, and which field carries it. */
interface Refusal {
  warning: string;
  field: "dayOverrideReason" | "earlyStartReason";
}

/**
 * Sends one confirm or propose; a refusal the owner may override is kept so the form shows it
 * with a reason field, and the next send carries the reason.
 */
function useVisitAction(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [reason, setReason] = useState("");
  const send = async (requestId: number, input: AppointmentActionInput, done: string) => {
    setBusy(true);
    try {
      const body = refusal && reason.trim() ? { ...input, [refusal.field]: reason.trim() } : input;
      const result = await appointmentsApi.actOnAppointment(requestId, body);
      toast.success(result.changed ? done : "Already booked at that time: nothing changed.");
      setRefusal(null);
      setReason("");
      await visitChanged(requestId);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === "day_unavailable") {
        setRefusal({ warning: err.message, field: "dayOverrideReason" });
      } else if (err instanceof ApiError && err.code === "inside_cancellation_period") {
        setRefusal({ warning: err.message, field: "earlyStartReason" });
      } else {
        toast.error("That did not work", { description: failure(err) });
      }
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    setRefusal(null);
    setReason("");
  };
  return { busy, refusal, reason, setReason, send, reset };
}

function RefusalField({
  refusal,
  reason,
  setReason,
}: {
  refusal: Refusal | null;
  reason: string;
  setReason: (v: string) => void;
}) {
  const id = useId();
  if (!refusal) return null;
  return (
    <div
      role="alert"
      className="mt-4 rounded-lg border border-accent-300 bg-accent-50 p-3 text-sm text-slate-900"
    >
      <p>{refusal.warning}</p>
      <label htmlFor={id} className="mt-2 block font-semibold">
        Reason for booking it anyway
      </label>
      <input
        id={id}
        className={fieldClass}
        value={reason}
        maxLength={1000}
        required
        onChange={(e) => setReason(e.target.value)}
      />
    </div>
  );
}

function WindowSelect({ value, onChange }: { value: WindowChoice; onChange: (v: WindowChoice) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Arrival window
      </label>
      <select
        id={id}
        className={fieldClass}
        value={value}
        onChange={(e) => onChange(e.target.value as WindowChoice)}
      >
        {windowChoices.map((w) => (
          <option key={w.value} value={w.value}>
            {w.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The open requests matching the owner's search, without a confirmed visit (a small list). */
function useOpenRequests(search: string) {
  return useQuery({
    queryKey: ["schedule", "book-candidates", search],
    queryFn: async () => {
      const page = await workflowApi.list({ ...defaultFilters, q: search.trim() });
      return page.submissions.filter((s) => ["new", "contacted", "quoted"].includes(s.state)).slice(0, 8);
    },
    staleTime: 10_000,
  });
}

export function BookVisitDialog({
  date,
  blockedReason,
  open,
  onOpenChange,
}: {
  date: string;
  /** Why customers cannot book the day, shown before the owner picks; null on a free day. */
  blockedReason: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<number | null>(null);
  const [window, setWindow] = useState<WindowChoice>("morning");
  const [kind, setKind] = useState<"confirm" | "propose">("confirm");
  // The dialog is mounted only while open, so closing it forgets what was typed.
  const close = () => onOpenChange(false);
  const action = useVisitAction(close);
  const candidates = useOpenRequests(search);
  const list = candidates.data ?? [];
  const chosen = list.find((s) => s.id === picked) ?? null;
  const label = formatDate(date);

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!chosen) return;
    void action.send(
      chosen.id,
      { action: kind, date, window },
      kind === "confirm" ? `Booked: ${chosen.name}, ${label}` : `Offered ${label} to ${chosen.name}`,
    );
  };

  return (
    <AdminDialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title={`Book a visit: ${label}`}
      description={
        blockedReason ? `Customers cannot book this day (${blockedReason}).` : "Pick a request and a window."
      }
      wide
    >
      <form onSubmit={submit}>
        <label htmlFor={`${ids}-search`} className="block text-sm font-semibold text-slate-800">
          Find a request (name, phone, e-mail, postcode or reference)
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-4.5 left-3 size-4 text-slate-500"
          />
          <input
            id={`${ids}-search`}
            type="search"
            className={`${fieldClass} pl-9`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
        <fieldset className="mt-3">
          <legend className="sr-only">Open requests</legend>
          {candidates.isPending ? (
            <Spinner label="Loading requests…" className="py-4" />
          ) : candidates.isError ? (
            <LoadError
              compact
              what="The requests"
              onRetry={candidates.refetch}
              retrying={candidates.isFetching}
            />
          ) : list.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              No open request without a booked visit matches.
            </p>
          ) : (
            <ul className="grid max-h-64 gap-1 overflow-y-auto" aria-label="Open requests">
              {list.map((s) => (
                <li key={s.id}>
                  <label
                    className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 text-sm ${picked === s.id ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50"}`}
                  >
                    <input
                      type="radio"
                      name={`${ids}-request`}
                      className="mt-1 size-4"
                      checked={picked === s.id}
                      onChange={() => setPicked(s.id)}
                    />
                    <span>
                      <span className="font-semibold text-slate-900">{s.name}</span>{" "}
                      <span className="text-slate-600">{s.reference}</span>
                      <span className="block text-slate-600">{s.address ?? s.phone}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <WindowSelect value={window} onChange={setWindow} />
          <fieldset>
            <legend className="block text-sm font-semibold text-slate-800">Send the customer</legend>
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="radio" checked={kind === "confirm"} onChange={() => setKind("confirm")} />A
              confirmation (booked)
            </label>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" checked={kind === "propose"} onChange={() => setKind("propose")} />
              An offer to accept
            </label>
          </fieldset>
        </div>
        <RefusalField refusal={action.refusal} reason={action.reason} setReason={action.setReason} />
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <a href={`/admin/jobs/new?date=${date}`} className={buttonClass("secondary")}>
            New job on this day
          </a>
          <Button
            type="submit"
            disabled={!chosen || action.busy || (action.refusal !== null && !action.reason.trim())}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {action.refusal ? "Book anyway" : kind === "confirm" ? "Book the visit" : "Send the offer"}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}

export function MoveVisitDialog({
  visit,
  date,
  open,
  onOpenChange,
}: {
  visit: ScheduleVisit;
  date: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const [newDate, setNewDate] = useState(date);
  const [window, setWindow] = useState<WindowChoice>(visit.window.id);
  const [message, setMessage] = useState("");
  const close = () => onOpenChange(false);
  const action = useVisitAction(close);
  const unchanged = newDate === date && window === visit.window.id;
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!newDate || unchanged) return;
    void action.send(
      visit.requestId,
      { action: "confirm", date: newDate, window, ...(message.trim() ? { message: message.trim() } : {}) },
      `Moved to ${formatDate(newDate)}`,
    );
  };
  return (
    <AdminDialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title={`Move ${visit.name}'s visit`}
      description={`Now ${formatDate(date)}, ${visit.window.label}. ${visit.hasEmail ? "The customer is e-mailed the new time with an updated calendar invitation." : "This customer has no e-mail address: phone them with the new time."}`}
    >
      <form onSubmit={submit}>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${ids}-date`} className="block text-sm font-semibold text-slate-800">
              New date
            </label>
            <input
              id={`${ids}-date`}
              type="date"
              className={fieldClass}
              value={newDate}
              required
              onChange={(e) => {
                setNewDate(e.target.value);
                action.reset();
              }}
            />
          </div>
          <WindowSelect value={window} onChange={setWindow} />
        </div>
        <label htmlFor={`${ids}-message`} className="mt-3 block text-sm font-semibold text-slate-800">
          Message to the customer (optional)
        </label>
        <textarea
          id={`${ids}-message`}
          className={fieldClass}
          rows={2}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <RefusalField refusal={action.refusal} reason={action.reason} setReason={action.setReason} />
        <div className="mt-5 flex justify-end">
          <Button
            type="submit"
            disabled={unchanged || action.busy || (action.refusal !== null && !action.reason.trim())}
          >
            {action.refusal ? "Move anyway" : "Move the visit"}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
