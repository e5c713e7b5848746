/**
 * The dashboard's "Needs attention": requests still new after the promised reply time, quotes
 * waiting more than a week, today's and tomorrow's visits, and how many requests are in each state
 * (each count links to the inbox filtered to that state).
 */
import { AlertTriangle, CalendarDays, Clock } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { site } from "../../config/site";
import { requestStates } from "../../features/requests/contract/states";
import type { AttentionItem, ScheduledJob } from "../../features/requests/contract/endpoints";
import { ApiError } from "../api";
import { formatDateOnly } from "../format";
import { queries } from "../query";
import { StateBadge } from "./StateBadge";
import { LoadError } from "./LoadError";

const inboxLink = (params: Record<string, string>) =>
  `/admin/submissions?${new URLSearchParams(params).toString()}`;

function Group({
  icon,
  title,
  count,
  href,
  empty,
  children,
}: {
  icon: ReactNode;
  title: string;
  count: number;
  href?: string;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
      <h3 className="flex items-center gap-2 text-sm font-bold text-brand-900">
        {icon}
        <span>
          {title} <span className="font-semibold text-slate-700">({count})</span>
        </span>
      </h3>
      {count === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <ul className="mt-2 space-y-1 text-sm">{children}</ul>
          {href && count > 5 ? (
            <a
              href={href}
              className="mt-2 inline-block min-h-11 py-2 text-sm font-semibold text-brand-700 underline"
            >
              See all {count}
            </a>
          ) : null}
        </>
      )}
    </section>
  );
}

function ItemLine({ item, since }: { item: AttentionItem; since: string }) {
  return (
    <li>
      <a
        className="flex min-h-11 flex-wrap items-center gap-x-2 py-1 text-brand-800 underline-offset-2 hover:underline"
        href={`/admin/requests/${item.id}`}
      >
        <span className="font-mono text-xs">{item.reference}</span>
        <span className="font-semibold">{item.name}</span>
        <span className="text-xs text-slate-600">
          {since} {formatDateOnly(item.since)}
        </span>
      </a>
    </li>
  );
}

function JobLine({ job }: { job: ScheduledJob }) {
  return (
    <li className="flex min-h-11 flex-wrap items-center gap-x-2 py-1">
      <span className="font-mono text-xs">{job.reference}</span>
      <span className="font-semibold">{job.name}</span>
      <span className="text-xs text-slate-600">{job.window}</span>
    </li>
  );
}

export function AttentionPanel() {
  const query = useQuery(queries.attention());
  const data = query.data ?? null;
  const failed = query.isError && !(query.error instanceof ApiError && query.error.status === 401);

  return (
    <section aria-labelledby="attention-heading" className="mt-8">
      <h2 id="attention-heading" className="text-xl font-bold text-brand-900">
        Needs attention
      </h2>
      {failed ? (
        <LoadError
          className="mt-3"
          what="What needs attention"
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <p className="mt-3 text-sm text-slate-600">Loading…</p>
      ) : (
        <>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            <Group
              icon={<AlertTriangle aria-hidden="true" className="size-4 text-danger-600" />}
              title={`No reply after ${site.response.replyWithinHours} hours`}
              count={data.overdueReplies.count}
              href={inboxLink({ state: "new", sort: "oldest" })}
              empty="Every request has had an answer in time."
            >
              {data.overdueReplies.items.map((i) => (
                <ItemLine key={i.id} item={i} since="arrived" />
              ))}
            </Group>
            <Group
              icon={<Clock aria-hidden="true" className="size-4 text-accent-800" />}
              title="Quotes waiting over a week"
              count={data.staleQuotes.count}
              href={inboxLink({ state: "quoted", sort: "oldest" })}
              empty="No quote has been waiting more than a week."
            >
              {data.staleQuotes.items.map((i) => (
                <ItemLine key={i.id} item={i} since="quoted" />
              ))}
            </Group>
            <Group
              icon={<CalendarDays aria-hidden="true" className="size-4 text-brand-700" />}
              title="Today's visits"
              count={data.today.length}
              empty="No visits booked for today."
            >
              {data.today.map((j) => (
                <JobLine key={j.submissionId} job={j} />
              ))}
            </Group>
            <Group
              icon={<CalendarDays aria-hidden="true" className="size-4 text-brand-700" />}
              title="Tomorrow's visits"
              count={data.tomorrow.length}
              empty="No visits booked for tomorrow."
            >
              {data.tomorrow.map((j) => (
                <JobLine key={j.submissionId} job={j} />
              ))}
            </Group>
          </div>
          <h3 className="mt-6 text-sm font-bold text-brand-900">Requests by state</h3>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="state-counts">
            {requestStates.map((s) => (
              <li key={s}>
                <a
                  href={inboxLink({ state: s })}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-1 text-sm hover:border-brand-300"
                >
                  <StateBadge state={s} />
                  <span className="sr-only">:</span>
                  <span className="font-semibold text-slate-900">{data.counts[s]}</span>
                </a>
              </li>
            ))}
            <li>
              <a
                href={inboxLink({ archived: "true" })}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-1 text-sm hover:border-brand-300"
              >
                <span className="text-slate-700">Archived</span>
                <span className="font-semibold text-slate-900">{data.archived}</span>
              </a>
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
