/**
 * The owner's availability: which weekdays are worked, the daily cap of confirmed jobs, the minimum
 * notice and how far ahead customers may book (each with the site config's default), the dates he
 * does not work (with an optional label customers see), and the private calendar feed for his phone.
 */
import { appointmentsApi } from "./api";
import { ArrowLeft, CalendarOff, Link2, Trash2 } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import type { AvailabilitySettingsWire } from "../contract/endpoints";
import { formatDate, weekdayNames } from "../../../platform/time";
import { ApiError } from "../../../admin/api";
import { Button, buttonClass, Spinner } from "../../../admin/components/ui";
import { keys, queries, queryClient } from "../../../admin/query";
import { LoadError } from "../../../admin/components/LoadError";

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
  const [feedUrl, setFeedUrl] = useState<string | null>(null);

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

      <section
        className="grid gap-3 rounded-card border border-slate-200 bg-white p-5"
        aria-labelledby="holidays-heading"
      >
        <h2 id="holidays-heading" className="text-lg font-semibold text-slate-900">
          Bank holidays
        </h2>
        <p className="text-sm text-slate-700">
          Customers cannot book these days. Open one if you want to work it.
        </p>
        <ul className="grid gap-2" aria-label="Bank holidays ahead">
          {data.holidays.map((h) => (
            <li
              key={h.date}
              data-holiday={h.date}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
            >
              <span>
                {formatDate(h.date)} <span className="text-slate-600">({h.name})</span>
                {h.open ? <span className="ml-2 font-semibold text-success-700">Open for work</span> : null}
              </span>
              <Button
                variant={h.open ? "secondary" : "ghost"}
                disabled={busy}
                aria-label={`${h.open ? "Close again" : "Open for work"}: ${formatDate(h.date)}`}
                onClick={() =>
                  void run(async () => {
                    show(await appointmentsApi.setHolidayOpen(h.date, !h.open));
                    toast.success(h.open ? "Closed again" : "Open for work");
                  })
                }
              >
                {h.open ? "Close again" : "Open for work"}
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <section
        className="grid gap-3 rounded-card border border-slate-200 bg-white p-5"
        aria-labelledby="feed-heading"
      >
        <h2 id="feed-heading" className="text-lg font-semibold text-slate-900">
          Calendar feed for your phone
        </h2>
        <p className="text-slate-700">
          A private link your phone&apos;s calendar can subscribe to: every confirmed job from 30 days ago to
          90 days ahead, with the customer&apos;s name, phone, address and job. Keep it secret. Making a new
          link stops the old one at once.
        </p>
        <p className="text-sm text-slate-600">
          {data.calendarFeed ? "A feed link exists." : "No feed link yet."} The link is shown only once, when
          it is made.
        </p>
        {feedUrl ? (
          <p className="rounded-lg bg-slate-50 p-3 break-all" data-testid="calendar-feed-url">
            {feedUrl}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const { url } = await appointmentsApi.replaceCalendarFeed();
                setFeedUrl(url);
                const next = queryClient.setQueryData<AvailabilitySettingsWire>(keys.availability, (d) =>
                  d ? { ...d, calendarFeed: true } : d,
                );
                // Only the feed flag changed: the form keeps what is being typed.
                setForm((f) => (f && next ? { ...f, from: next } : f));
                toast.success("New calendar link made", { description: "The old link no longer works." });
              })
            }
          >
            <Link2 aria-hidden="true" className="size-4" />
            {data.calendarFeed ? "Replace the feed link" : "Make a feed link"}
          </Button>
        </div>
      </section>
    </div>
  );
}
