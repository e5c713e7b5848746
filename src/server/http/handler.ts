/**
 * `createHandler({ route, methods, handle, formPage? })` wraps a Netlify Functions v2 handler:
 * method check (405 + Allow), timing, one log line, a deadline (503 before a commit; see
 * `markCommitted`), and every thrown error mapped to the envelope (ApiError as is, an unreachable
 * database as 503, anything else as 500). A classic form post (./request.ts `wantsHtml`) gets the
 * error as a small HTML page with the same status.
 *
 *   export default createHandler({ route: "/api/contact", methods: ["POST"], handle: async (req, ctx) => … });
 */
import type { Context } from "@netlify/functions";
import { AsyncLocalStorage } from "node:async_hooks";
import { closeDb } from "../db/client";
import { ApiError, serviceUnavailable, toApiError } from "./errors";
import { htmlPage } from "./html-page";
import { logRequest } from "./log";
import { assertMethod, wantsHtml } from "./request";
import { errorResponse, html } from "./response";
import { pgErrorCode } from "./db-errors";

/** What handlers receive as their second argument; tests may leave it out. */
export type HandlerContext = Partial<Pick<Context, "ip" | "params" | "waitUntil">>;

export interface HandlerOptions {
  route: string;
  methods: readonly string[];
  handle: (req: Request, context: HandlerContext) => Promise<Response>;
  /** The page that holds this endpoint's form, linked from the no-JavaScript error page. */
  formPage?: string;
}

/** A failed no-JavaScript form post: what went wrong, per field, and the way back to the form. */
export function htmlError(error: ApiError, formPage = "/"): Response {
  const problems = error.fields
    ? Object.entries(error.fields).map(([field, message]) => ({ label: fieldLabel(field), message }))
    : undefined;
  return html(
    htmlPage({
      title: "Please check the form",
      heading: error.status === 422 ? "Please check the form" : "Sorry, that did not go through",
      message: `${error.message} Use your browser's Back button to return to the form with what you typed.`,
      ...(problems ? { problems } : {}),
      back: { href: formPage, label: "Back to the form" },
      tone: "error",
    }),
    error.status,
    error.headers,
  );
}

const labels: Record<string, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  message: "Message",
  address: "Address",
  service: "Service",
  location: "Location",
  text: "Review",
  rating: "Rating",
  option1: "First choice of date and time",
  option2: "Second choice of date and time",
  option3: "Third choice of date and time",
  preferredOptions: "Dates and times",
  accessNotes: "Access notes",
};
export const fieldLabel = (field: string) => labels[field] ?? field;

class DeadlineExceeded extends Error {
  override name = "DeadlineExceeded";
}

/** Per-request state: has its write committed; has the deadline given up on it. */
interface RequestState {
  committed: boolean;
  abandoned: boolean;
}
const requestState = new AsyncLocalStorage<RequestState>();

/**
 * Call right before a request's write begins: throws when the deadline has already answered 503
 * for this request, so work that wakes up late never stores what the answer said was not saved.
 */
export function assertNotAbandoned(): void {
  if (requestState.getStore()?.abandoned) throw new DeadlineExceeded("request abandoned at its deadline");
}

/**
 * Call right after a request's write commits. From then on the deadline below no longer turns the
 * request into a 503 (which would claim nothing was saved): the answer waits for the remaining
 * work (e.g. a bounded e-mail attempt) and reports the commit truthfully.
 */
export function markCommitted(): void {
  const state = requestState.getStore();
  if (state) state.committed = true;
}

/**
 * Longest a request may wait on its work. postgres.js retries a connection that a dying server or
 * pooler drops during the handshake without end, so without a deadline such a request would spin
 * until the platform kills the function. Past the deadline the request answers 503 and the
 * database client is closed (which aborts any open transaction, so nothing is half-written).
 */
let deadlineMs = 8000;
export function setRequestDeadline(ms: number): number {
  const previous = deadlineMs;
  deadlineMs = ms;
  return previous;
}

async function withDeadline<T>(work: Promise<T>, ms: number, state: RequestState): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    if (error instanceof DeadlineExceeded) {
      if (state.committed) return work; // the row is stored: answer truthfully, however late
      state.abandoned = true;
      work.catch(() => {}); // the abandoned work fails once the client is closed
      await closeDb().catch(() => {});
      throw serviceUnavailable(error);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export function createHandler(options: HandlerOptions) {
  return async (req: Request, context?: HandlerContext): Promise<Response> => {
    const started = performance.now();
    let response: Response;
    let failure: ApiError | undefined;
    try {
      assertMethod(req, options.methods);
      const state: RequestState = { committed: false, abandoned: false };
      response = await requestState.run(state, () =>
        withDeadline(options.handle(req, context ?? {}), deadlineMs, state),
      );
    } catch (error) {
      failure = toApiError(error);
      response = wantsHtml(req) ? htmlError(failure, options.formPage) : errorResponse(failure);
    }
    const internal = failure && failure.status >= 500 ? failure.cause : undefined;
    logRequest({
      route: options.route,
      method: req.method,
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(failure ? { code: failure.code } : {}),
      ...(internal
        ? {
            error: [internal instanceof Error ? internal.name : typeof internal, pgErrorCode(internal)]
              .filter(Boolean)
              .join(" "),
          }
        : {}),
    });
    return response;
  };
}
