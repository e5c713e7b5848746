/**
 * Two sections of the availability screen (./AvailabilityScreen.tsx): the bank holidays ahead, each
 * of which the owner may open for work, and the private calendar feed link. The screen runs each
 * action (`run`) and puts the answered settings in the cache (`show`).
 */
import { Link2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { appointmentsApi } from "./api";
import type { AvailabilitySettingsWire } from "../contract/endpoints";
import { formatDate } from "../../../platform/time";
import { Button } from "../../../admin/components/ui";
import { keys, queryClient } from "../../../admin/query";

type Run = (work: () => Promise<void>) => Promise<void>;

export function BankHolidays({
  holidays,
  busy,
  run,
  show,
}: {
  holidays: AvailabilitySettingsWire["holidays"];
  busy: boolean;
  run: Run;
  show: (s: AvailabilitySettingsWire) => void;
}) {
  return (
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
        {holidays.map((h) => (
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
  );
}

export function CalendarFeed({
  exists,
  busy,
  run,
  onReplaced,
}: {
  exists: boolean;
  busy: boolean;
  run: Run;
  /** The settings with the feed flag set; only the flag changed, so the rules form keeps what is typed. */
  onReplaced: (next: AvailabilitySettingsWire | undefined) => void;
}) {
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  return (
    <section
      className="grid gap-3 rounded-card border border-slate-200 bg-white p-5"
      aria-labelledby="feed-heading"
    >
      <h2 id="feed-heading" className="text-lg font-semibold text-slate-900">
        Calendar feed for your phone
      </h2>
      <p className="text-slate-700">
        A private link your phone&apos;s calendar can subscribe to: every confirmed job from 30 days ago to 90
        days ahead, with the customer&apos;s name, phone, address and job. Keep it secret. Making a new link
        stops the old one at once.
      </p>
      <p className="text-sm text-slate-600">
        {exists ? "A feed link exists." : "No feed link yet."} The link is shown only once, when it is made.
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
              onReplaced(next);
              toast.success("New calendar link made", { description: "The old link no longer works." });
            })
          }
        >
          <Link2 aria-hidden="true" className="size-4" />
          {exists ? "Replace the feed link" : "Make a feed link"}
        </Button>
      </div>
    </section>
  );
}
