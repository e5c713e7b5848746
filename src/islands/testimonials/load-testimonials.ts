/**
 * Reading approved testimonials from GET /api/testimonials (approved only, rating descending, then
 * newest) through the one API client, which checks the answer against the contract in development
 * and tests. A failed or malformed answer is a failure the visitor sees, never a silent empty list.
 *
 * With `initial` (the reviews the page was built with: src/components/sections/reviews-at-build.ts)
 * the list is ready at once, in the server-rendered HTML too, and the current list replaces it when
 * it arrives; if that fails, the built list stays. A link being followed to a place below the list
 * (the hero's "Share your experience" → #leave-a-review) still lands there when the current list is
 * longer than the built one: the list wakes up as the page scrolls past it (`client:visible`), so it
 * grows in the middle of that scroll.
 */
import { useCallback, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import type { PublicTestimonial } from "../../features/reviews/contract/endpoints";
import { callApi } from "../../lib/api/client";
import { listTestimonialsRoute } from "../../lib/contracts/public-routes";

export type ListState =
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly message: string }
  | {
      readonly status: "ready";
      readonly items: readonly PublicTestimonial[];
      /** Every published review (the list stops at 100): how many and their mean, when the server says. */
      readonly stats?: { readonly count: number; readonly average: number | null } | undefined;
    };

async function load(): Promise<ListState> {
  try {
    const { testimonials, stats } = await callApi(listTestimonialsRoute);
    if (!Array.isArray(testimonials))
      return { status: "error", message: "Unexpected answer from the server." };
    return { status: "ready", items: testimonials, stats };
  } catch (error) {
    return { status: "error", message: error instanceof Error ? error.message : "Network error." };
  }
}

/** What the page was built with: the reviews and their count and average. */
export interface InitialReviews {
  readonly testimonials: readonly PublicTestimonial[];
  readonly stats?: { readonly count: number; readonly average: number | null } | undefined;
}

/** Within this long after the page last moved, it is still scrolling (a smooth scroll moves it every frame). */
const stillScrollingMs = 250;

type Heading = "down" | "up" | null;

/**
 * Follows the page's scrolling from the list's start: which way it last moved and when. `heading()`
 * also looks at the position once more, so a move made since the last scroll event counts too.
 */
function watchScrolling(): { readonly heading: () => Heading; readonly stop: () => void } {
  let y = window.scrollY;
  let down = false;
  let movedAt = Number.NEGATIVE_INFINITY;
  const look = () => {
    const now = window.scrollY;
    if (now === y) return;
    down = now > y;
    movedAt = performance.now();
    y = now;
  };
  window.addEventListener("scroll", look, { passive: true });
  return {
    heading: () => {
      look();
      if (performance.now() - movedAt >= stillScrollingMs) return null;
      return down ? "down" : "up";
    },
    stop: () => window.removeEventListener("scroll", look),
  };
}

/**
 * Runs `update` (which may change the list's height) and, if the element the address's #fragment
 * names moved and the visitor is at it or on the way to it, scrolls to it again. At it: within two
 * screen heights of it. On the way: the page is scrolling down and it is still below, however far
 * (following the link starts a smooth scroll to where it was before the list grew, and that can
 * end in the middle of the longer list). A visitor scrolling up, away from it, is left where they
 * are, and so is one reading far from it.
 */
function keepLinkTarget(update: () => void, heading: () => Heading): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target) {
    update();
    return;
  }
  const way = heading();
  const before = target.getBoundingClientRect().top;
  update();
  const after = target.getBoundingClientRect().top;
  const near = Math.abs(before) < window.innerHeight * 2;
  const onTheWay = way === "down" && before > 0;
  if (after !== before && way !== "up" && (near || onTheWay)) target.scrollIntoView({ block: "start" });
}

export function useTestimonials(initial?: InitialReviews | null) {
  const [state, setState] = useState<ListState>(
    initial ? { status: "ready", items: initial.testimonials, stats: initial.stats } : { status: "loading" },
  );
  const [attempt, setAttempt] = useState(0);
  const hasInitial = Boolean(initial);

  useEffect(() => {
    let current = true;
    const scrolling = watchScrolling();
    void load().then((next) => {
      if (current && (next.status === "ready" || !hasInitial))
        keepLinkTarget(() => flushSync(() => setState(next)), scrolling.heading);
    });
    return () => {
      current = false;
      scrolling.stop();
    };
  }, [attempt, hasInitial]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
