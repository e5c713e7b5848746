/**
 * A confirmed visit's one way to change its time (docs/decisions/047-admin-on-a-phone.md): "Move
 * visit", then a confirmation that names the old and the new time and says the customer is
 * e-mailed. The customer's other asked-for times are still listed, each a plain "Move here" (never
 * a green "Confirm", which read as if the visit were still to be agreed), and any other date and
 * window can be picked; nothing moves and nothing is e-mailed until the owner confirms.
 */
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import type { AppointmentWire } from "../contract/endpoints";
import type { AppointmentActionInput } from "../contract/owner-forms";
import { formatDay } from "../../../admin/format";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { Badge, Button } from "../../../admin/components/ui";
import {
  AskedForTimes,
  TimeFieldInputs,
  windowChoices,
  type TimeFields,
  type WindowChoice,
} from "./VisitTimeParts";

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
  const [fields, setFields] = useState<TimeFields>({ date: "", window: "any", message: "" });
  const { date, window, message } = fields;
  const [target, setTarget] = useState<Target | null>(null);
  const current = live.label ?? live.date ?? "the booked time";

  // The confirmation closes at once; the panel shows the change (or the server's warning) when it lands.
  const move = () => {
    if (!target) return;
    const { date: d, window: w, message: m, label } = target;
    setTarget(null);
    setFields((f) => ({ ...f, message: "" }));
    void act(
      { action: "confirm", date: d, window: w, ...(m ? { message: m } : {}) },
      `Visit moved to ${label}`,
    );
  };

  return (
    <div className="mt-4">
      <AskedForTimes
        options={preferredOptions}
        step={(o) =>
          o.date === live.date && o.window === live.window ? (
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
          )
        }
      />

      <details className="mt-4 rounded-lg border border-slate-200">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 font-semibold text-brand-800">
          <CalendarClock aria-hidden="true" className="size-4" />
          Move visit
        </summary>
        <div className="grid gap-3 px-3 pb-3 sm:grid-cols-2">
          <TimeFieldInputs fields={fields} onFields={setFields} dateLabel="New date" />
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
