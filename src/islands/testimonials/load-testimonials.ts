/**
 * Reading approved testimonials from GET /api/testimonials (approved only, rating descending, then
 * newest) through the one API client, which checks the answer against the contract in development
 * and tests. A failed or malformed answer is a failure the visitor sees, never a silent empty list.
 */
import { useCallback, useEffect, useState } from "react";
import type { PublicTestimonial } from "../../lib/contracts/public";
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

export function useTestimonials() {
  const [state, setState] = useState<ListState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void load().then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
