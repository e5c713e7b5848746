/**
 * The frame around every admin screen: the session gate (sign-in until the server says a session
 * exists), the header with the navigation, the document title, and the toasts. The screens render
 * in the <Outlet/> (src/admin/router.tsx).
 */
import { useQuery } from "@tanstack/react-query";
import { Link, Outlet, useMatches, useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState, type CSSProperties, type MouseEvent } from "react";
import { Toaster } from "sonner";
import { site } from "../config/site";
import { sessionEndedEvent } from "./api";
import { AdminFrame } from "./components/AdminFrame";
import { Button, Spinner } from "./components/ui";
import { sessionEnded, sessionQuery, signedIn } from "./session";

// Only someone signed out needs the form (and its validation code).
const LoginForm = lazy(() => import("./components/LoginForm").then((m) => ({ default: m.LoginForm })));

/** Only screens that exist; the dashboard lists them too, with their counts. */
const nav = [
  { to: "/admin", label: "Dashboard", exact: true },
  { to: "/admin/submissions", label: "Inbox", exact: false },
  { to: "/admin/schedule", label: "Schedule", exact: false },
  { to: "/admin/customers", label: "Customers", exact: false },
  { to: "/admin/money", label: "Money", exact: false },
  { to: "/admin/testimonials", label: "Reviews", exact: false },
  { to: "/admin/availability", label: "Availability", exact: false },
  { to: "/admin/price-list", label: "Price list", exact: false },
  { to: "/admin/website", label: "Website", exact: false },
  { to: "/admin/people", label: "Personal data", exact: false },
  { to: "/admin/notifications", label: "Notifications", exact: false },
] as const;

function AdminNav() {
  return (
    <nav aria-label="Admin" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 sm:px-4">
        {nav.map((item) => (
          <li key={item.to} className="shrink-0">
            <Link
              to={item.to}
              activeOptions={{ exact: item.exact, includeSearch: false }}
              className="flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-semibold text-slate-600 hover:text-brand-800 data-[status=active]:border-brand-700 data-[status=active]:text-brand-900"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Plain links inside the screens (`<a href="/admin/...">`) move within the app instead of loading
 * a page; a modified click (new tab) and downloads are left to the browser.
 */
function useInAppLinks() {
  const router = useRouter();
  return (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest?.("a");
    if (!a || a.target || a.hasAttribute("download")) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin || !/^\/admin(\/|$)/.test(url.pathname)) return;
    e.preventDefault();
    void router.navigate({ href: `${url.pathname}${url.search}` });
  };
}

function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData?.title)?.staticData.title ?? "Admin";
  useEffect(() => {
    document.title = `${title} | ${site.name} Admin`;
  }, [title]);
}

export function AdminRoot() {
  const session = useQuery(sessionQuery);
  const [expired, setExpired] = useState(false);
  const onClick = useInAppLinks();
  useDocumentTitle();

  useEffect(() => {
    const onEnded = () => {
      if (sessionEnded()) setExpired(true);
    };
    window.addEventListener(sessionEndedEvent, onEnded);
    return () => window.removeEventListener(sessionEndedEvent, onEnded);
  }, []);

  let body;
  if (session.isPending) {
    body = <Spinner label="Checking your session…" />;
  } else if (session.isError) {
    body = (
      <div
        role="alert"
        className="mx-auto max-w-md rounded-card border border-red-200 bg-danger-50 p-6 text-center"
      >
        <p className="font-semibold text-danger-600">The admin area could not reach the server.</p>
        <Button className="mt-4" onClick={() => void session.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (!session.data) {
    body = (
      <Suspense fallback={<Spinner label="Loading…" />}>
        <LoginForm
          sessionExpired={expired}
          onSignedIn={(s) => {
            setExpired(false);
            signedIn(s);
          }}
        />
      </Suspense>
    );
  } else {
    body = (
      <Suspense fallback={<Spinner label="Loading…" />}>
        <Outlet />
      </Suspense>
    );
  }

  return (
    // The click handler only routes clicks on links (keyboard activation of a link is a click too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div onClick={onClick}>
      <AdminFrame nav={session.data ? <AdminNav /> : null}>{body}</AdminFrame>
      <Toaster position="top-center" richColors closeButton style={toastColours} />
    </div>
  );
}

/**
 * The toasts' text colours, darker than sonner's own (its green on pale green is 4.25:1, under the
 * 4.5:1 that WCAG AA asks of normal text); each is at least 6.5:1 on its toast's background.
 */
const toastColours = {
  "--success-text": "#166534",
  "--info-text": "#1e40af",
  "--warning-text": "#92400e",
  "--error-text": "#991b1b",
} as CSSProperties;

export function NotFoundScreen() {
  return (
    <div className="mx-auto max-w-md rounded-card border border-slate-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold text-brand-900">No such admin page</h1>
      <p className="mt-2 text-slate-600">The address may be mistyped, or the request was deleted.</p>
      <Link to="/admin" className="mt-4 inline-block font-semibold text-brand-700 underline">
        Go to the dashboard
      </Link>
    </div>
  );
}
