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
import { AdminNav } from "./components/AdminNav";
import { Spinner } from "./components/ui";
import { sessionEnded, sessionQuery, signedIn } from "./session";
import { LoadError } from "./components/LoadError";

// Only someone signed out needs the form (and its validation code).
const LoginForm = lazy(() => import("./components/LoginForm").then((m) => ({ default: m.LoginForm })));

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
      <LoadError
        className="mx-auto max-w-md"
        what="The admin area"
        message="The admin area could not reach the server."
        onRetry={session.refetch}
        retrying={session.isFetching}
      />
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
