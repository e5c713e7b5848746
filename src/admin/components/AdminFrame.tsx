/**
 * The admin page frame: header (home link, View Website), the navigation once signed in, and the
 * main area. Rendered by the app
 * and, as static HTML, by AdminPage.astro before the app starts, so the two cannot drift apart.
 */
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { site } from "../../config/site";

export function AdminFrame({ children, nav }: { children: ReactNode; nav?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-brand-900 bg-brand-950 text-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <a
            href="/admin"
            className="inline-flex min-h-11 items-center gap-1.5 rounded text-base font-bold tracking-tight"
          >
            {site.shortName} <span className="font-medium text-brand-200">Admin</span>
          </a>
          <a
            href="/"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800"
          >
            View Website
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </div>
      </header>
      {nav}
      {/* On a phone the navigation is a bar fixed to the bottom: room is kept below the content. */}
      <main
        id="main"
        className={`mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10 ${nav ? "pb-28 md:pb-10" : ""}`}
      >
        {children}
      </main>
    </div>
  );
}
