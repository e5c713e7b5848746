/**
 * The owner's schedule (docs/decisions/039-schedule.md): agenda (two weeks of days, the default on a
 * phone), day and week (Monday first). Each day shows whether customers can book it and why not,
 * the cap and its count; each visit its window, the customer, the address with a plain map link
 * (no map is loaded here), the service, a tap-to-call link, a photos marker and the request.
 * Proposals awaiting the customer's answer look different from confirmed visits. The view and
 * the date are in the query string (`?view=week&date=2027-03-22`), so a reload or a shared link
 * shows the same.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import {
  ArrowRightLeft,
  CalendarPlus,
  Camera,
  ChevronLeft,
  ChevronRight,
  MapPin,
  Phone,
  Printer,
} from "lucide-react";
import { useState } from "react";
import { Badge, Button, buttonClass, Spinner } from "../../../admin/components/ui";
import { dateInZone, formatDate, formatShortDate, isIsoDate } from "../../../platform/time";
import type { ScheduleDay, ScheduleVisit } from "../contract/endpoints";
import { scheduleViews, stepDate, viewRange, type ScheduleView } from "../contract/range";
import { mapLink, scheduleQuery, telLink } from "./schedule-api";
import { BookVisitDialog, MoveVisitDialog } from "./VisitDialogs";
import { CancellationFlag } from "../../appointments/screens";
import { LoadError } from "../../../admin/components/LoadError";

export interface ScheduleSearch {
  view?: string;
  date?: string;
}

/** Below this width the agenda is the default view. */
const narrow = "(max-width: 699px)";

function defaultView(): ScheduleView {
  return typeof window !== "undefined" && window.matchMedia(narrow).matches ? "agenda" : "week";
}

const viewNames: Record<ScheduleView, string> = { agenda: "Agenda", day: "Day", week: "Week" };

export function ScheduleScreen() {
  const search: ScheduleSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const view: ScheduleView = (scheduleViews as readonly string[]).includes(search.view ?? "")
    ? (search.view as ScheduleView)
    : defaultView();
  const [today, setToday] = useState<string | null>(null);
  const date = search.date && isIsoDate(search.date) ? search.date : (today ?? localToday());
  const range = viewRange(view, date);
  const query = useQuery(scheduleQuery(range.from, range.to));
  const serverToday = query.data?.today;
  if (serverToday && serverToday !== today) setToday(serverToday);

  const go = (next: { view?: ScheduleView; date?: string }) =>
    void navigate({
      to: "/admin/schedule",
      search: { view: next.view ?? view, date: next.date ?? date },
    });

  const heading =
    view === "day"
      ? formatDate(date)
      : `${formatShortDate(range.from)} to ${formatShortDate(range.to, { year: true })}`;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Schedule</h1>
          <p className="mt-1 font-semibold text-slate-700" data-testid="schedule-range">
            {heading}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div
            role="group"
            aria-label="View"
            className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
          >
            {scheduleViews.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={v === view}
                onClick={() => go({ view: v })}
                className={`min-h-11 rounded-md px-3 text-sm font-semibold ${v === view ? "bg-brand-800 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {viewNames[v]}
              </button>
            ))}
          </div>
          <div className="inline-flex items-center gap-1">
            <Button
              variant="secondary"
              aria-label="Previous"
              onClick={() => go({ date: stepDate(view, date, -1) })}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="secondary" onClick={() => go({ date: serverToday ?? localToday() })}>
              Today
            </Button>
            <Button
              variant="secondary"
              aria-label="Next"
              onClick={() => go({ date: stepDate(view, date, 1) })}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <label className="sr-only" htmlFor="schedule-date">
            Go to date
          </label>
          <input
            id="schedule-date"
            type="date"
            value={date}
            onChange={(e) => isIsoDate(e.target.value) && go({ date: e.target.value })}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
          />
        </div>
      </div>

      {query.isPending ? (
        <Spinner label="Loading the schedule…" />
      ) : query.isError ? (
        <LoadError className="mt-6" what="The schedule" onRetry={query.refetch} retrying={query.isFetching} />
      ) : view === "week" ? (
        <WeekView days={query.data.days} today={query.data.today} />
      ) : view === "day" ? (
        <div className="mt-6">
          <DayCard day={query.data.days[0]!} today={query.data.today} expanded />
        </div>
      ) : (
        <ol className="mt-6 grid gap-3" aria-label="Agenda">
          {query.data.days.map((d) => (
            <li key={d.date}>
              <DayCard day={d} today={query.data.today} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Today in Europe/London until the server's answer says (the browser's zone may differ). */
function localToday(): string {
  return dateInZone(new Date());
}

function WeekView({ days, today }: { days: ScheduleDay[]; today: string }) {
  return (
    <ol className="mt-6 grid gap-3 lg:grid-cols-7 lg:gap-2" aria-label="Week">
      {days.map((d) => (
        <li key={d.date} className="min-w-0">
          <DayCard day={d} today={today} compact />
        </li>
      ))}
    </ol>
  );
}

function capText(day: ScheduleDay): string {
  return `${day.cap.booked} of ${day.cap.limit} booked`;
}

function DayCard({
  day,
  today,
  compact = false,
  expanded = false,
}: {
  day: ScheduleDay;
  today: string;
  compact?: boolean;
  expanded?: boolean;
}) {
  const [booking, setBooking] = useState(false);
  const past = day.date < today;
  const free = !day.blocked && day.appointments.length === 0;
  const headingId = `day-${day.date}`;
  return (
    <section
      aria-labelledby={headingId}
      data-date={day.date}
      data-testid="schedule-day"
      data-past={past ? "true" : undefined}
      className={`h-full min-w-0 rounded-card border p-3 sm:p-4 ${compact ? "lg:p-2" : ""} ${day.blocked || past ? "border-slate-200 bg-slate-100" : "border-slate-200 bg-white shadow-card"} ${day.date === today ? "ring-2 ring-brand-500" : ""}`}
    >
      <div
        className={`flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 ${compact ? "lg:block" : ""}`}
      >
        <h2 id={headingId} className={`font-bold ${day.blocked ? "text-slate-600" : "text-brand-900"}`}>
          <Link
            to="/admin/schedule"
            search={{ view: "day", date: day.date }}
            className="inline-flex min-h-11 items-center hover:underline"
          >
            {compact ? formatShortDate(day.date) : day.label}
          </Link>
          {day.date === today ? (
            <span className="ml-2 text-sm font-semibold text-brand-700">Today</span>
          ) : past ? (
            <span className="ml-2 text-sm font-semibold text-slate-600">Past</span>
          ) : null}
        </h2>
        {!day.blocked && !past ? (
          <span className={`text-xs font-semibold ${day.cap.full ? "text-danger-600" : "text-slate-600"}`}>
            {day.cap.full ? `Full: ${capText(day)}` : capText(day)}
          </span>
        ) : null}
      </div>
      {day.blocked ? <p className="mt-1 text-sm text-slate-600">{day.blockedReason}</p> : null}
      {day.openedHoliday ? (
        <p className="mt-1 text-xs text-slate-600">Bank holiday opened for work: {day.openedHoliday}</p>
      ) : null}
      {day.appointments.length > 0 ? (
        <ul className="mt-3 grid gap-2" aria-label={`Visits on ${day.label}`}>
          {day.appointments.map((v) => (
            <li key={v.id} className="min-w-0">
              <VisitCard visit={v} date={day.date} compact={compact} />
            </li>
          ))}
        </ul>
      ) : past && !day.blocked ? (
        // A day gone by is not free: nothing can be booked into it.
        <p className="mt-2 text-sm text-slate-600">No visits</p>
      ) : free ? (
        <p className="mt-2 text-sm font-semibold text-success-600">Free</p>
      ) : null}
      {!past && (free || expanded || (!day.blocked && !day.cap.full)) ? (
        <Button
          variant={free ? "secondary" : "ghost"}
          className={`mt-3 w-full sm:w-auto ${compact ? "lg:w-full lg:px-2" : ""}`}
          onClick={() => setBooking(true)}
          aria-label={`Book a visit on ${day.label}`}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          {compact ? (
            <>
              <span className="lg:hidden">Book a visit</span>
              <span className="hidden lg:inline">Book</span>
            </>
          ) : (
            "Book a visit"
          )}
        </Button>
      ) : null}
      {expanded ? (
        <a
          href={`/admin/schedule/print?date=${day.date}`}
          className={buttonClass("secondary", "mt-3 ml-0 w-full sm:ml-2 sm:w-auto")}
        >
          <Printer aria-hidden="true" className="size-4" /> Run sheet
        </a>
      ) : null}
      {booking ? (
        <BookVisitDialog
          date={day.date}
          blockedReason={day.blocked ? day.blockedReason : day.cap.full ? `full: ${capText(day)}` : null}
          open={booking}
          onOpenChange={setBooking}
        />
      ) : null}
    </section>
  );
}

const statusLook: Record<string, { card: string; badge: "success" | "accent" | "neutral"; word: string }> = {
  confirmed: {
    card: "border-l-4 border-l-brand-700 border-slate-200 bg-white",
    badge: "success",
    word: "Confirmed",
  },
  proposed: {
    card: "border-2 border-dashed border-accent-400 bg-accent-50",
    badge: "accent",
    word: "Offered, awaiting answer",
  },
  completed: { card: "border border-slate-200 bg-slate-50 opacity-80", badge: "neutral", word: "Visit done" },
};

function VisitCard({ visit, date, compact }: { visit: ScheduleVisit; date: string; compact: boolean }) {
  const [moving, setMoving] = useState(false);
  const look = statusLook[visit.status] ?? statusLook["completed"]!;
  const narrowAction = compact ? "lg:size-9 lg:min-h-9 lg:px-0" : "";
  const hideWhenNarrow = compact ? "lg:sr-only" : "";
  return (
    <article
      data-testid="schedule-visit"
      data-status={visit.status}
      className={`min-w-0 rounded-lg border p-3 text-sm break-words ${compact ? "lg:p-1.5" : ""} ${look.card}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-1">
        <p className="font-semibold text-slate-900">{visit.window.label}</p>
        <Badge tone={look.badge}>{look.word}</Badge>
      </div>
      <p className="mt-1 text-base font-bold text-brand-900">
        <Link
          to="/admin/requests/$id"
          params={{ id: visit.requestId }}
          className="inline-flex min-h-11 items-center hover:underline"
        >
          {visit.name}
        </Link>
        {visit.hasPhotos ? (
          <span
            className="ml-2 inline-flex items-center gap-1 align-middle text-xs font-semibold text-slate-600"
            title="Photos sent with the request"
          >
            <Camera aria-hidden="true" className="size-4" />
            Photos
          </span>
        ) : null}
      </p>
      {visit.service ? <p className="text-slate-700">{visit.service}</p> : null}
      {visit.address ? <p className="mt-1 break-words text-slate-700">{visit.address}</p> : null}
      <CancellationFlag text={visit.cancellationFlag} compact={compact} />
      {/* In the week's narrow columns the actions keep their icons; the words stay for screen readers. */}
      <div className={`mt-2 flex flex-wrap gap-2 ${compact ? "lg:gap-1" : ""}`}>
        {visit.phone ? (
          <a
            href={telLink(visit.phone)}
            className={buttonClass("secondary", `min-h-11 px-3 ${narrowAction}`)}
          >
            <Phone aria-hidden="true" className="size-4" />
            <span className={hideWhenNarrow}>
              <span className="sr-only">Call </span>
              {visit.phone}
            </span>
          </a>
        ) : null}
        {visit.address ? (
          <a
            href={mapLink(visit.address)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("secondary", `min-h-11 px-3 ${narrowAction}`)}
          >
            <MapPin aria-hidden="true" className="size-4" />
            <span className={hideWhenNarrow}>Map</span>
          </a>
        ) : null}
        {visit.status === "confirmed" ? (
          <Button variant="ghost" className={`min-h-11 px-3 ${narrowAction}`} onClick={() => setMoving(true)}>
            <ArrowRightLeft aria-hidden="true" className="size-4" />
            <span className={hideWhenNarrow}>Move</span>
          </Button>
        ) : null}
      </div>
      {moving ? <MoveVisitDialog visit={visit} date={date} open={moving} onOpenChange={setMoving} /> : null}
    </article>
  );
}
