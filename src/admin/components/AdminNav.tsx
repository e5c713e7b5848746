/**
 * The admin's navigation (docs/decisions/047-admin-on-a-phone.md). On a phone: a bar fixed to
 * the bottom of the screen with the four places used every day (Inbox, Schedule, Money,
 * Customers), each one tap away under the thumb, and "More", a sheet listing every other screen.
 * From the `md` breakpoint up: one row of every screen under the header, as before.
 *
 * One landmark ("Admin") holds both layouts; CSS shows one of them, so a screen reader meets one.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { Link, useRouterState } from "@tanstack/react-router";
import {
  CalendarDays,
  Ellipsis,
  Inbox,
  LayoutDashboard,
  PoundSterling,
  Users,
  X,
  type LucideIcon,
} from "lucide-react";
import { useState } from "react";

interface Place {
  to: string;
  label: string;
  exact: boolean;
  icon?: LucideIcon;
}

/** The four places on the phone's bottom bar, in thumb order. */
export const dailyPlaces: readonly Place[] = [
  { to: "/admin/submissions", label: "Inbox", exact: false, icon: Inbox },
  { to: "/admin/schedule", label: "Schedule", exact: false, icon: CalendarDays },
  { to: "/admin/money", label: "Money", exact: false, icon: PoundSterling },
  { to: "/admin/customers", label: "Customers", exact: false, icon: Users },
];

/** Everything else, in the "More" sheet on a phone. */
export const morePlaces: readonly Place[] = [
  { to: "/admin", label: "Dashboard", exact: true, icon: LayoutDashboard },
  { to: "/admin/testimonials", label: "Reviews", exact: false },
  { to: "/admin/availability", label: "Availability", exact: false },
  { to: "/admin/price-list", label: "Price list", exact: false },
  { to: "/admin/business", label: "Business details", exact: false },
  { to: "/admin/website", label: "Website", exact: false },
  { to: "/admin/people", label: "Personal data", exact: false },
  { to: "/admin/notifications", label: "Notifications", exact: false },
  { to: "/admin/jobs/new", label: "New job", exact: false },
];

/** The desktop row's order: the dashboard first, then the daily places, then the rest. */
const allPlaces: readonly Place[] = [
  morePlaces[0]!,
  ...dailyPlaces,
  ...morePlaces.slice(1).filter((p) => p.to !== "/admin/jobs/new"),
];

/** Whether `pathname` is inside `place` (the inbox also owns the request view). */
function isIn(place: Place, pathname: string): boolean {
  if (place.exact) return pathname === place.to;
  if (place.to === "/admin/submissions" && pathname.startsWith("/admin/requests/")) return true;
  return pathname === place.to || pathname.startsWith(`${place.to}/`);
}

export function AdminNav() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <nav aria-label="Admin">
      <DesktopRow pathname={pathname} />
      <BottomBar pathname={pathname} />
    </nav>
  );
}

function DesktopRow({ pathname }: { pathname: string }) {
  return (
    <div className="hidden border-b border-slate-200 bg-white md:block">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 sm:px-6">
        {allPlaces.map((place) => (
          <li key={place.to} className="shrink-0">
            <Link
              to={place.to}
              activeOptions={{ exact: place.exact, includeSearch: false }}
              aria-current={isIn(place, pathname) ? "page" : undefined}
              className="flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-semibold text-slate-700 hover:text-brand-800 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-900"
            >
              {place.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const tabClass =
  "flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 text-xs font-semibold text-slate-700 aria-[current=page]:text-brand-800 aria-[current=page]:[&>svg]:text-brand-700";

function BottomBar({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const inMore = morePlaces.some((p) => isIn(p, pathname));
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgb(15_23_42/0.06)] md:hidden">
      <ul className="grid grid-cols-5">
        {dailyPlaces.map((place) => {
          const Icon = place.icon!;
          const here = isIn(place, pathname);
          return (
            <li key={place.to}>
              <Link
                to={place.to}
                activeOptions={{ exact: place.exact, includeSearch: false }}
                aria-current={here ? "page" : undefined}
                className={tabClass}
              >
                <Icon aria-hidden="true" className="size-6 text-slate-600" />
                {place.label}
              </Link>
            </li>
          );
        })}
        <li>
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger
              className={tabClass}
              aria-current={inMore ? "page" : undefined}
              aria-haspopup="dialog"
            >
              <Ellipsis aria-hidden="true" className="size-6 text-slate-600" />
              More
            </Dialog.Trigger>
            <MoreSheet pathname={pathname} close={() => setOpen(false)} />
          </Dialog.Root>
        </li>
      </ul>
    </div>
  );
}

/**
 * The "More" sheet: a modal dialog (Radix: focus moves in and is kept there, Escape and the
 * overlay close it, focus returns to "More"), sliding up from the bottom bar.
 */
function MoreSheet({ pathname, close }: { pathname: string; close: () => void }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 md:hidden" />
      <Dialog.Content
        aria-describedby={undefined}
        className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-white px-4 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-card md:hidden"
      >
        <div className="flex items-center justify-between">
          <Dialog.Title className="text-lg font-bold text-brand-900">More</Dialog.Title>
          <Dialog.Close
            aria-label="Close"
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        <ul className="mt-2 divide-y divide-slate-100">
          {morePlaces.map((place) => (
            <li key={place.to}>
              <Link
                to={place.to}
                activeOptions={{ exact: place.exact, includeSearch: false }}
                aria-current={isIn(place, pathname) ? "page" : undefined}
                onClick={close}
                className="flex min-h-12 items-center rounded-lg px-3 text-base font-semibold text-slate-800 hover:bg-slate-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
              >
                {place.label}
              </Link>
            </li>
          ))}
        </ul>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
