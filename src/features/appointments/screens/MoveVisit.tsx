/**
 * A confirmed visit's one way to change its time (docs/decisions/047-admin-on-a-phone.md): "Move
 * visit", then a confirmation that names the old and the new time and says the customer is
 * e-mailed. The customer's other asked-for times are still listed, each a plain "Move here" (never
 * a green "Confirm", which read as if the visit were still to be agreed), and any other date and
 * window can be picked; nothing moves and nothing is e-mailed until the owner confirms.
 */
import { CalendarClock } from "lucide-react";
import { useId, useState } from "react";
import type { AppointmentWire } from "../contract/endpoints";
import type { AppointmentActionInput } from "../contract/owner-forms";
import { formatDay } from "../../../admin/format";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { Badge, Button } from "../../../admin/components/ui";

type WindowChoice = "morning" | "afternoon" | "any";

const windowChoices: { value: WindowChoice; label: string }[] = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
  { value: "any", label: "Any time" },
];

const fieldClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500";

interface Target {
  date: string;
  window: WindowChoice;
  label: string;
  message?: string;
}

export function MoveVisit({
  live,
  customerName,
  emailed,
  preferredOptions,
  busy,
  act,
}: {
  live: AppointmentWire;
  customerName: string;
  /** Whether the customer has an e-mail address (a phone-only customer is told by the owner). */
  emailed: boolean;
  preferredOptions: { date: string; window: WindowChoice; label: string }[];
  busy: boolean;
  act: (input: AppointmentActionInput, done: string) => Promise<void>;
}) {
  const ids = useId();
  const [date, setDate] = useState("");
  const [window, setWindow] = useState<WindowChoice>("any");
  const [message, setMessage] = useState("");
  const [target, setTarget] = useState<Target | null>(null);
  const current = live.label ?? live.date ?? "the booked time";

  // The confirmation closes at once; the panel shows the change (or the server's warning) when it lands.
  const move = () => {
    if (!target) return;
    const { date: d, window: w, message: m, label } = target;
    setTarget(null);
    setMessage("");
    void act(
      { action: "confirm", date: d, window: w, ...(m ? { message: m } : {}) },
      `Visit moved to ${label}`,
    );
  };

  return (
    <div className="mt-4">
      {preferredOptions.length > 0 ? (
        <>
          <h4 className="text-sm font-semibold text-slate-800">The customer asked for</h4>
          <ol className="mt-2 grid gap-2" aria-label="Times the customer asked for">
            {preferredOptions.map((o, i) => {
              const isCurrent = o.date === live.date && o.window === live.window;
              return (
                <li
                  key={`${o.date}-${o.window}`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
                >
                  <span>
                    {i + 1}. {o.label}
                  </span>
                  {isCurrent ? (
                    <Badge tone="success">Booked</Badge>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      aria-label={`Move here: ${o.label}`}
                      onClick={() => setTarget({ date: o.date, window: o.window, label: o.label })}
                    >
                      Move here
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      ) : null}

      <details className="mt-4 rounded-lg border border-slate-200">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 font-semibold text-brand-800">
          <CalendarClock aria-hidden="true" className="size-4" />
          Move visit
        </summary>
        <div className="grid gap-3 px-3 pb-3 sm:grid-cols-2">
          <label className="text-sm font-semibold text-slate-800" htmlFor={`${ids}-date`}>
            New date
            <input
              id={`${ids}-date`}
              type="date"
              className={fieldClass}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </label>
          <label className="text-sm font-semibold text-slate-800" htmlFor={`${ids}-window`}>
            Arrival window
            <select
              id={`${ids}-window`}
              className={fieldClass}
              value={window}
              onChange={(e) => setWindow(e.target.value as WindowChoice)}
            >
              {windowChoices.map((w) => (
                <option key={w.value} value={w.value}>
                  {w.label}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold text-slate-800 sm:col-span-2">
            Message to the customer (optional)
            <textarea
              className={fieldClass}
              rows={2}
              maxLength={1000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </label>
          <div className="sm:col-span-2">
            <Button
              disabled={busy || !date}
              onClick={() =>
                setTarget({
                  date,
                  window,
                  label: `${formatDay(date)}, ${windowChoices.find((w) => w.value === window)!.label.toLowerCase()}`,
                  ...(message ? { message } : {}),
                })
              }
            >
              Move visit…
            </Button>
          </div>
        </div>
      </details>

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(o) => {
          if (!o && !busy) setTarget(null);
        }}
        title="Move this visit?"
        message={`From ${current} to ${target?.label ?? ""}. ${
          emailed
            ? `${customerName} is e-mailed the new time and a new calendar invitation.`
            : `There is no e-mail address: tell ${customerName} the new time yourself.`
        }`}
        confirmLabel="Move visit"
        tone="primary"
        busy={busy}
        onConfirm={move}
      />
    </div>
  );
}
