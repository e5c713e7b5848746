/**
 * A day's run sheet (`/admin/schedule/print?date=YYYY-MM-DD`): the day's visits in window order
 * with what the owner needs at each door (name, phone, address, service, what needs doing, access
 * notes, his notes), to print on A4 or keep open on the phone. Printed, the admin's header and
 * navigation and this screen's buttons are left out.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { ArrowLeft, Printer } from "lucide-react";
import { Button, buttonClass, Spinner } from "../../../admin/components/ui";
import { site } from "../../../config/site";
import { isIsoDate } from "../../../platform/time";
import { runSheetQuery } from "./schedule-api";
import { CancellationFlag } from "../../appointments/screens";
import { LoadError } from "../../../admin/components/LoadError";

/** Printed: only the sheet. The admin frame's header and navigation are outside this screen. */
const printStyle = `@media print {
  @page { size: A4; margin: 14mm; }
  div:has(> main#main) > header, div:has(> main#main) > nav, [data-print="hide"] { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  body, .min-h-dvh { background: #fff !important; min-height: 0 !important; }
  [data-print="visit"] { break-inside: avoid; }
}`;

export function RunSheetScreen() {
  const search: { date?: string } = useSearch({ strict: false });
  const date = search.date && isIsoDate(search.date) ? search.date : null;
  const query = useQuery({ ...runSheetQuery(date ?? "x"), enabled: date !== null });
  if (!date) {
    return (
      <p role="alert" className="rounded-lg bg-danger-50 p-4 text-danger-600">
        The run sheet needs a date: open it from a day of the schedule.
      </p>
    );
  }
  const day = query.data?.days[0];
  const visits = day?.appointments.filter((v) => v.status !== "proposed") ?? [];
  const offers = day?.appointments.filter((v) => v.status === "proposed") ?? [];
  return (
    <div className="text-slate-900">
      <style>{printStyle}</style>
      <div data-print="hide" className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <Link to="/admin/schedule" search={{ view: "day", date }} className={buttonClass("ghost")}>
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to the day
        </Link>
        <Button onClick={() => window.print()} disabled={!day}>
          <Printer aria-hidden="true" className="size-4" /> Print
        </Button>
      </div>
      {query.isPending ? (
        <Spinner label="Loading the run sheet…" />
      ) : query.isError || !day ? (
        <LoadError what="The run sheet" onRetry={query.refetch} retrying={query.isFetching} />
      ) : (
        <article aria-labelledby="run-sheet-title">
          <header className="border-b-2 border-slate-900 pb-2">
            <p className="text-sm text-slate-600">{site.name}: run sheet</p>
            <h1 id="run-sheet-title" className="text-2xl font-bold">
              {day.label}
            </h1>
            <p className="text-sm text-slate-700">
              {visits.length === 0
                ? "No confirmed visits."
                : `${visits.length} ${visits.length === 1 ? "visit" : "visits"}`}
              {day.blocked ? ` · ${day.blockedReason}` : ""}
            </p>
          </header>
          <ol className="mt-3">
            {visits.map((v, i) => (
              <li
                key={v.id}
                data-print="visit"
                data-testid="run-sheet-visit"
                className="border-b border-slate-300 py-3"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-bold">
                    {i + 1}. {v.window.label}
                  </h2>
                  <span className="text-sm text-slate-600">
                    {v.service ?? "Service not given"}
                    {v.status === "completed" ? " · done" : ""}
                  </span>
                </div>
                <CancellationFlag text={v.cancellationFlag} />
                <dl className="mt-1 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-0.5 text-sm">
                  <dt className="font-semibold">Customer</dt>
                  <dd>{v.name}</dd>
                  <dt className="font-semibold">Phone</dt>
                  <dd>{v.phone ?? "None given"}</dd>
                  <dt className="font-semibold">Address</dt>
                  <dd className="break-words">{v.address ?? "None given"}</dd>
                  <dt className="font-semibold">What needs doing</dt>
                  <dd className="break-words whitespace-pre-line">{v.sheet?.job}</dd>
                  {v.sheet?.accessNotes ? (
                    <>
                      <dt className="font-semibold">Access</dt>
                      <dd className="break-words">{v.sheet.accessNotes}</dd>
                    </>
                  ) : null}
                  {v.sheet?.visitMessage ? (
                    <>
                      <dt className="font-semibold">Told the customer</dt>
                      <dd className="break-words">{v.sheet.visitMessage}</dd>
                    </>
                  ) : null}
                  {v.sheet && v.sheet.notes.length > 0 ? (
                    <>
                      <dt className="font-semibold">Notes</dt>
                      <dd className="break-words whitespace-pre-line">{v.sheet.notes.join("\n")}</dd>
                    </>
                  ) : null}
                </dl>
              </li>
            ))}
          </ol>
          {offers.length > 0 ? (
            <p className="mt-3 text-sm text-slate-600">
              Offered, not yet accepted: {offers.map((o) => `${o.name} (${o.window.label})`).join("; ")}.
            </p>
          ) : null}
        </article>
      )}
    </div>
  );
}
