/**
 * Admin dashboard: cards to both screens, unread badge, what needs attention and the count per
 * state, the personal-data tools, Change Password, Logout.
 */
import {
  CalendarDays,
  ChevronRight,
  Inbox,
  PoundSterling,
  KeyRound,
  LogOut,
  MessageSquareQuote,
  UserSearch,
} from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { ApiError } from "../api";
import { formatMoney } from "../../platform/money";
import { keys, queries, queryClient } from "../query";
import { logout } from "../session";
import { AttentionPanel } from "./AttentionPanel";
import { MailDeliveryPanel } from "../../features/mail/screens";
import { LaunchChecklist } from "../../features/business/screens";
import { Button } from "./ui";
import { LoadError } from "./LoadError";

// The password form (and its validation code) loads when the owner asks for it.
const ChangePasswordDialog = lazy(() =>
  import("./ChangePasswordDialog").then((m) => ({ default: m.ChangePasswordDialog })),
);

export function Dashboard() {
  const query = useQuery(queries.summary());
  const money = useQuery(queries.money());
  const summary = query.data ?? null;
  // A 401 is not a failure to show here: the app shows the login gate.
  const failed = query.isError && !(query.error instanceof ApiError && query.error.status === 401);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const unread = summary?.submissions.unread ?? 0;
  const pending = summary?.testimonials.pending ?? 0;

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 text-slate-600">Moderate reviews and answer enquiries.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setPasswordOpen(true)}>
            <KeyRound aria-hidden="true" className="size-4" />
            Change Password
          </Button>
          <Button
            variant="primary"
            disabled={loggingOut}
            onClick={() => {
              setLoggingOut(true);
              void logout().finally(() => setLoggingOut(false));
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </Button>
        </div>
      </div>

      {failed ? (
        <LoadError className="mt-6" what="The counts" onRetry={query.refetch} retrying={query.isFetching} />
      ) : null}

      {summary ? (
        <MailDeliveryPanel
          mail={summary.mail}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: keys.summary })}
        />
      ) : null}

      <div className="mt-8 grid gap-5 md:grid-cols-2">
        <DashboardCard
          href="/admin/testimonials"
          icon={<MessageSquareQuote aria-hidden="true" className="size-6" />}
          title="Testimonials"
          description="Approve, unapprove or delete customer reviews."
          counts={summary ? `${summary.testimonials.total} in total, ${pending} awaiting approval` : null}
          countsTestId="pending-count"
          failed={failed}
        />
        <DashboardCard
          href="/admin/submissions"
          icon={<Inbox aria-hidden="true" className="size-6" />}
          badge={
            unread > 0 ? (
              <span
                data-testid="unread-badge"
                className="absolute -top-1.5 -right-1.5 flex min-w-6 items-center justify-center rounded-full bg-danger-600 px-1.5 text-xs leading-6 font-bold text-white ring-2 ring-white"
              >
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null
          }
          title="Form Submissions"
          description="Read contact messages and appointment requests."
          counts={summary ? `${summary.submissions.total} in total, ${unread} unread` : null}
          failed={failed}
        />
        <DashboardCard
          href="/admin/money"
          icon={<PoundSterling aria-hidden="true" className="size-6" />}
          title="Money"
          description="What you are owed, payments, and the accountant's exports."
          counts={
            money.data
              ? `${formatMoney(money.data.outstandingPence)} outstanding${
                  money.data.overdueCount > 0 ? `, ${formatMoney(money.data.overduePence)} overdue` : ""
                }`
              : null
          }
          countsTestId="money-outstanding-summary"
          failed={money.isError}
        />
        <DashboardCard
          href="/admin/availability"
          icon={<CalendarDays aria-hidden="true" className="size-6" />}
          title="Availability"
          description="Working days, days off, jobs a day, notice, and your calendar feed."
          counts="Change what customers can book"
          failed={false}
        />
      </div>

      <AttentionPanel />

      <LaunchChecklist />

      <div className="mt-8 grid gap-5 md:grid-cols-2">
        <DashboardCard
          href="/admin/people"
          icon={<UserSearch aria-hidden="true" className="size-6" />}
          title="Personal Data"
          description="Find, download or erase everything held about one e-mail address."
          counts="Requests, e-mails and notes, with a record of each use"
          failed={false}
        />
      </div>

      {passwordOpen ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A dashboard card linking to one admin screen, with its counts once they have loaded. */
function DashboardCard(props: {
  href: string;
  icon: ReactNode;
  badge?: ReactNode;
  title: string;
  description: string;
  counts: string | null;
  countsTestId?: string;
  failed: boolean;
}) {
  return (
    <a
      href={props.href}
      className="group flex items-start gap-4 rounded-card border border-slate-200 bg-white p-6 shadow-card transition-colors hover:border-brand-300"
    >
      <span className="relative flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        {props.icon}
        {props.badge}
      </span>
      <span className="flex-1">
        <span className="block text-lg font-bold text-brand-900">{props.title}</span>
        <span className="mt-1 block text-sm text-slate-600">{props.description}</span>
        <span className="mt-3 block text-sm font-medium text-slate-700" data-testid={props.countsTestId}>
          {props.counts ?? (props.failed ? "Counts unavailable" : "Loading counts…")}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="mt-3 size-5 text-slate-400 group-hover:text-brand-700" />
    </a>
  );
}
