/**
 * The owner's availability: which weekdays are worked, the daily cap of confirmed jobs, the minimum
 * notice and how far ahead customers may book (each with the site config's default), the dates he
 * does not work (with an optional label customers see), and the private calendar feed for his phone.
 */
import { appointmentsApi } from "./api";
import { ArrowLeft, CalendarOff, Trash2 } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import type { AvailabilitySettingsWire } from "../contract/endpoints";
import { formatDate, weekdayNames } from "../../../platform/time";
import { ApiError } from "../../../admin/api";
import { Button, buttonClass, Spinner } from "../../../admin/components/ui";
import { keys, queries, queryClient } from "../../../admin/query";
import { LoadError } from "../../../admin/components/LoadError";
import { BankHolidays, CalendarFeed } from "./AvailabilityParts";

const weekdays = weekdayNames;
const fieldClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500";

const failure = (err: unknown) =>
  err instanceof ApiError
    ? (Object.values(err.fields)[0] ?? err.message)
    : "The server could not be reached. Please try again.";

/** The booking-rules form's fields, filled from the settings they were last reset to. */
type RulesForm = {
  from: AvailabilitySettingsWire;
  days: number[];
  cap: string;
  notice: string;
  horizon: string;
};

const rulesForm = (s: AvailabilitySettingsWire): RulesForm => ({
  from: s,
  days: s.workingDays,
  cap: String(s.dailyCap),
  notice: String(s.minimumNoticeWorkingDays),
  horizon: String(s.horizonWeeks),
});

export function AvailabilityScreen() {
  const query = useQuery(queries.availability());
  const data = query.data ?? null;
  // A 401 is not a failure to show here: the app shows the login gate.
  const failed = query.isError && !(query.error instanceof ApiError && query.error.status === 401);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState<RulesForm | null>(null);
  const [blockDate, setBlockDate] = useState("");
  const [blockLabel, setBlockLabel] = useState("");

  // New settings (loaded, or answered by an action) fill the form again, as they always have; a
  // refetch that brings the same settings keeps the same object, so what is being typed stays.
  if (data && form?.from !== data) setForm(rulesForm(data));
  const days = form?.days ?? [];
  const cap = form?.cap ?? "";
  const notice = form?.notice ?? "";
  const horizon = form?.horizon ?? "";
  const setField = (patch: Partial<Omit<RulesForm, "from">>) => setForm((f) => (f ? { ...f, ...patch } : f));

  /** An action's answer is the whole settings: into the cache, so every screen shows it at once. */
  const show = (s: AvailabilitySettingsWire) => {
    queryClient.setQueryData(keys.availability, s);
    // Days off and open holidays change which days the schedule offers.
    void queryClient.invalidateQueries({ queryKey: ["schedule"] });
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      toast.error("That did not work", { description: failure(err) });
    } finally {
      setBusy(false);
    }
  };

  // Try Again shows the spinner while it asks again, as before.
  if (failed && !data && !query.isFetching) {
    return <LoadError what="Availability" onRetry={query.refetch} />;
  }
  if (!data) return <Spinner label="Loading availability…" />;

  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Availability</h1>
        <a href="/admin" className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Dashboard
        </a>
      </div>

      <form
        className="grid gap-5 rounded-card border border-slate-200 bg-white p-5"
        aria-labelledby="booking-rules-heading"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            show(
              await appointmentsApi.saveAvailability({
                workingDays: days,
                dailyCap: Number(cap),
                minimumNoticeWorkingDays: Number(notice),
                horizonWeeks: Number(horizon),
              }),
            );
            toast.success("Availability saved");
          });
        }}
      >
        <h2 id="booking-rules-heading" className="text-lg font-semibold text-slate-900">
          What customers can book
        </h2>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">Working days</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {weekdays.map((name, day) => (
              <label key={name} className="flex min-h-11 items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={days.includes(day)}
                  onChange={(e) =>
                    setField({
                      days: e.target.checked ? [...days, day].sort() : days.filter((x) => x !== day),
                    })
                  }
                />
                {name}
              </label>
            ))}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Default: {data.defaults.workingDays.map((d) => weekdays[d]).join(", ")}, with the opening hours on
            the website.
          </p>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <label className="text-sm font-semibold text-slate-800">
            Jobs a day (cap)
            <input
              type="number"
              min={0}
              max={20}
              required
              className={fieldClass}
              value={cap}
              onChange={(e) => setField({ cap: e.target.value })}
            />
            <span className="font-normal text-slate-600">Default {data.defaults.dailyCap}</span>
          </label>
          <label className="text-sm font-semibold text-slate-800">
            Notice (working days)
            <input
              type="number"
              min={0}
              max={30}
              required
              className={fieldClass}
              value={notice}
              onChange={(e) => setField({ notice: e.target.value })}
            />
            <span className="font-normal text-slate-600">
              Default {data.defaults.minimumNoticeWorkingDays}
            </span>
          </label>
          <label className="text-sm font-semibold text-slate-800">
            Book ahead (weeks)
            <input
              type="number"
              min={1}
              max={52}
              required
              className={fieldClass}
              value={horizon}
              onChange={(e) => setField({ horizon: e.target.value })}
            />
            <span className="font-normal text-slate-600">Default {data.defaults.horizonWeeks}</span>
          </label>
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </div>
      </form>

      <section
        className="grid gap-4 rounded-card border border-slate-200 bg-white p-5"
        aria-labelledby="blocked-heading"
      >
        <h2 id="blocked-heading" className="text-lg font-semibold text-slate-900">
          Days off and local holidays
        </h2>
        <form
          className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              show(
                await appointmentsApi.blockDate({
                  date: blockDate,
                  ...(blockLabel ? { label: blockLabel } : {}),
                }),
              );
              setBlockDate("");
              setBlockLabel("");
              toast.success("Day off added");
            });
          }}
        >
          <label className="text-sm font-semibold text-slate-800">
            Date
            <input
              type="date"
              required
              className={fieldClass}
              value={blockDate}
              onChange={(e) => setBlockDate(e.target.value)}
            />
          </label>
          <label className="text-sm font-semibold text-slate-800">
            Label customers see (optional)
            <input
              type="text"
              maxLength={100}
              placeholder="e.g. Kirkcaldy Links Market"
              className={fieldClass}
              value={blockLabel}
              onChange={(e) => setBlockLabel(e.target.value)}
            />
          </label>
          <Button type="submit" disabled={busy || !blockDate}>
            <CalendarOff aria-hidden="true" className="size-4" />
            Add day off
          </Button>
        </form>
        {data.blocked.length === 0 ? (
          <p className="text-slate-600">No days off ahead.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Days off ahead">
            {data.blocked.map((b) => (
              <li
                key={b.date}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
              >
                <span>
                  {formatDate(b.date)}
                  {b.label ? <span className="text-slate-600"> ({b.label})</span> : null}
                </span>
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Remove day off ${formatDate(b.date)}`}
                  onClick={() => void run(async () => show(await appointmentsApi.unblockDate(b.date)))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <BankHolidays holidays={data.holidays} busy={busy} run={run} show={show} />

      <CalendarFeed
        exists={data.calendarFeed}
        busy={busy}
        run={run}
        onReplaced={(next) => setForm((f) => (f && next ? { ...f, from: next } : f))}
      />
    </div>
  );
}
