/**
 * Reading approved testimonials from GET /api/testimonials (approved only, rating descending, then
 * newest). The answer is checked item by item: a malformed answer is a failure the visitor sees,
 * never a silent empty list (house style, habit 7).
 */
import { useCallback, useEffect, useState } from "react";
import type { PublicTestimonial } from "../../lib/schemas/testimonial";
import { getJson } from "../lib/api-client";

function isTestimonial(value: unknown): value is PublicTestimonial {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t["id"] === "number" &&
    typeof t["name"] === "string" &&
    typeof t["location"] === "string" &&
    typeof t["rating"] === "number" &&
    t["rating"] >= 1 &&
    t["rating"] <= 5 &&
    typeof t["text"] === "string"
  );
}

/** Accepts the list itself or `{ testimonials: [...] }`; anything else is not an answer we understand. */
export function parseTestimonials(body: unknown): PublicTestimonial[] | null {
  const list = Array.isArray(body)
    ? body
    : typeof body === "object" &&
        body !== null &&
        Array.isArray((body as { testimonials?: unknown }).testimonials)
      ? (body as { testimonials: unknown[] }).testimonials
      : null;
  if (list === null || !list.every(isTestimonial)) return null;
  return list;
}

export type ListState =
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly message: string }
  | { readonly status: "ready"; readonly items: readonly PublicTestimonial[] };

export function useTestimonials(endpoint: string) {
  const [state, setState] = useState<ListState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void getJson(endpoint, parseTestimonials).then((outcome) => {
      if (!current) return;
      setState(
        outcome.ok ? { status: "ready", items: outcome.data } : { status: "error", message: outcome.message },
      );
    });
    return () => {
      current = false;
    };
  }, [endpoint, attempt]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
