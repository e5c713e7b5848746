/**
 * The outer layer every function goes through. `apiHandler(route, actions)` turns a list of
 * actions (each bound to one endpoint contract, src/lib/contracts/) into a Netlify Functions v2
 * handler that:
 * - refuses a local stack's request under a name not its own (./local-hosts.ts);
 * - routes by path (the collection, `/:id`, a sub-path such as `/retry`, or an item's own path
 *   such as `/:id/send`, all taken from the contracts) and by method: anything else is 405 with the path's `Allow` (HEAD rides on GET);
 * - builds the service context (database, time, client key, waitUntil, the deadline's hooks);
 * - runs the action under the deadline (./deadline.ts);
 * - maps every thrown error to the envelope and an honest status (./errors.ts `toHttpError`); a
 *   classic form post (no JavaScript) gets it as a small HTML page instead;
 * - fills the business's details in force where the answer names them (./business-facts.ts);
 * - adds HSTS to every answer of a deployed site (./response.ts `withTransportSecurity`);
 * - writes one log line.
 *
 * The actions themselves are in ./public.ts (public forms and reads) and ./admin.ts (admin routes);
 * a function file is a few lines of configuration:
 *
 *   export default apiHandler("/api/contact", [publicForm(requestEndpoints.contact, { accept: submitContact, … })]);
 */
import type { Context } from "@netlify/functions";
import type { Endpoint } from "../../lib/contracts/endpoint";
import { getDb } from "../db/client";
import { logRequest } from "../log";
import type { Actor, ServiceContext } from "../context";
import { pgErrorCode } from "../db/errors";
import { RequestProgress, withDeadline } from "./deadline";
import { methodNotAllowed, notFound, toHttpError, type HttpError } from "./errors";
import { htmlError } from "./html-page";
import { withBusinessFacts } from "./business-facts";
import { assertLocalHost } from "./local-hosts";
import { clientKey, wantsHtml } from "./request";
import { errorResponse, withTransportSecurity } from "./response";
import { isDeployed } from "../env";

/** What Netlify passes as the second argument; tests may leave it out. */
export type HandlerContext = Partial<Pick<Context, "ip" | "params" | "waitUntil">>;

/** One request as an action sees it. */
export interface Call {
  req: Request;
  context: HandlerContext;
  /** The raw `:id` path segment, on item paths. */
  rawId: string | undefined;
  /**
   * The service context for this request (with the caller's idempotency key, when given). Its
   * actor is the website (the endpoint's path) unless the action names who it checked: the owner's
   * session (admin actions), a customer's link (the customer's pages).
   */
  services(idempotencyKey?: string, actor?: Actor): ServiceContext;
}

/** One endpoint's behaviour at the edge: its contract and what to do with a request to it. */
export interface Action {
  endpoint: Endpoint;
  /** For a public form: the page that holds it, linked from the no-JavaScript error page. */
  formPage?: string;
  run(call: Call): Promise<Response>;
  /**
   * A failure answered as a page rather than the envelope: a page (./public.ts `publicPage`), or a
   * refused form posted without JavaScript shown again with its fields marked (undefined: the
   * usual answer).
   */
  renderError?(failure: HttpError, call: Call): Promise<Response | undefined>;
}

/** The part of the contract's path after the function's route: "", "/:id" or e.g. "/retry". */
function subPath(route: string, endpoint: Endpoint): string {
  if (!endpoint.path.startsWith(route)) {
    throw new Error(`${endpoint.method} ${endpoint.path} is not under the route ${route}`);
  }
  return endpoint.path.slice(route.length);
}

/**
 * Which of the function's paths a request is for: nothing after the route is the collection, a
 * known sub-path (e.g. "/retry") is itself, Netlify's `params.id` names an item, and anything else under an item route is that item, its last segment the id. The last
 * rule matters locally: `netlify dev` and `netlify serve` retry a 403 or 404 answer at
 * `<path>.html`, `<path>/index.html`, … and pass on the last answer, which must be the same.
 */
function match(
  table: Map<string, Map<string, Action>>,
  route: string,
  req: Request,
  context: HandlerContext,
): { actions: Map<string, Action>; rawId: string | undefined } {
  const path = new URL(req.url).pathname.replace(/\/+$/, "");
  const rest = path.startsWith(route) ? path.slice(route.length) : "";
  // An action on an item ("/:id/send", "/:id/quotes"): the id is the segment in its place.
  for (const [key, actions] of table) {
    if (key === "/:id" || !key.includes(":id")) continue;
    const [before, after] = key.split(":id") as [string, string];
    if (rest.startsWith(before) && rest.endsWith(after) && rest.length > before.length + after.length) {
      const rawId = rest.slice(before.length, rest.length - after.length);
      if (!rawId.includes("/")) return { actions, rawId };
    }
  }
  if (table.size === 1 && !table.has("/:id")) return { actions: [...table.values()][0]!, rawId: undefined };
  const items = table.get("/:id");
  const collection = table.get("");
  if (rest === "" && collection) return { actions: collection, rawId: undefined };
  // A named sub-path ("/bulk", "/export.csv") wins over "/:id", even when the platform matched the
  // request to the item pattern and passed the name as the id.
  for (const [key, actions] of table) {
    if (key !== "" && key !== "/:id" && path.endsWith(key)) return { actions, rawId: undefined };
  }
  const fromParams = context.params?.["id"];
  if (items && fromParams !== undefined) return { actions: items, rawId: fromParams };
  if (items && rest !== "") return { actions: items, rawId: path.split("/").at(-1) };
  if (collection) return { actions: collection, rawId: undefined };
  throw notFound();
}

export function apiHandler(route: string, actions: readonly Action[]) {
  const table = new Map<string, Map<string, Action>>();
  for (const action of actions) {
    const key = subPath(route, action.endpoint);
    const byMethod = table.get(key) ?? new Map<string, Action>();
    byMethod.set(action.endpoint.method, action);
    table.set(key, byMethod);
  }
  const formPage = actions.find((a) => a.formPage)?.formPage;

  return async (req: Request, context: HandlerContext = {}): Promise<Response> => {
    const started = performance.now();
    let response: Response;
    let failure: HttpError | undefined;
    let errorPage: ((failure: HttpError) => Promise<Response | undefined>) | undefined;
    try {
      // A local stack under a name not its own (./local-hosts.ts): refused before anything runs.
      assertLocalHost(req);
      const { actions: byMethod, rawId } = match(table, route, req, context);
      const method = req.method.toUpperCase();
      const action = byMethod.get(method) ?? (method === "HEAD" ? byMethod.get("GET") : undefined);
      if (!action) throw methodNotAllowed([...byMethod.keys()]);
      const progress = new RequestProgress();
      const call: Call = {
        req,
        context,
        rawId,
        services: (idempotencyKey, actor) => ({
          // Opened on first use, so a refusal that needs no database never waits for one.
          get db() {
            return getDb();
          },
          now: new Date(),
          // Computed when a rule asks (it needs RATE_LIMIT_SECRET; a read without limits does not).
          get client() {
            return clientKey(req, context);
          },
          idempotencyKey,
          actor: actor ?? { kind: "website", form: action.endpoint.path },
          defer: context.waitUntil?.bind(context),
          writes: progress.writes,
        }),
      };
      if (action.renderError) errorPage = (f) => action.renderError!(f, call);
      response = await withDeadline(action.run(call), progress);
    } catch (error) {
      failure = toHttpError(error);
      const page = await errorPage?.(failure).catch(() => undefined);
      response = page ?? (wantsHtml(req) ? htmlError(failure, formPage) : errorResponse(failure));
    }
    // The details in force where an answer names them (./business-facts.ts).
    response = await withBusinessFacts(response);
    response = withTransportSecurity(response, isDeployed());
    const internal = failure && failure.status >= 500 ? failure.cause : undefined;
    logRequest({
      route,
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
