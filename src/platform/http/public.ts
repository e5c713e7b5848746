/**
 * Public actions for `apiHandler` (./endpoint.ts).
 *
 * `publicForm(contract, { accept, reply, page })`: a public form post, JSON or a classic browser
 * form. The edge refuses a post another site's page sent (403, ./request.ts `assertPublicOrigin`), reads the body (32 KB; 413/415/400), the Idempotency-Key header (400), checks the
 * spam-guard fields (422, ./spam-guard.ts) and parses the body against the contract (422, one
 * message per field); the service (`accept`) gets typed input and decides the rest. The answer is
 * `201` with `reply(row)` as JSON, or for a form posted without JavaScript a small confirmation
 * page (also 201). A post near the client's daily limit must carry a solved proof-of-work challenge
 * in the `Challenge-Solution` header (428 `challenge_required` with a fresh challenge otherwise;
 * src/features/rate-limits/challenge.ts). A repeated Idempotency-Key gets the same answer and `Idempotent-Replayed: true`.
 *
 * `publicRead(contract, { load, headers })`: a GET that answers `load(ctx, { query })` as JSON, the
 * query string parsed against the contract (400 otherwise). `publicFile` answers a file instead.
 *
 * `publicLookup(contract, { load })`: a POST that reads something by a secret in its JSON body
 * (e.g. a review invitation's token, which must not sit in a URL): the body is read and parsed
 * against the contract (422), and `load(input, ctx)` answered as JSON, never cached.
 *
 * `publicPage(contract, { render, error })`: a server-rendered page addressed by a secret in its
 * path (the customer's page, which must work without JavaScript, so its link cannot keep the
 * secret in a fragment). The query string, and on a POST the form body, are parsed against the
 * contract; a POST must come from this site's own page (403). Failures are pages too. Every
 * answer is `no-store`, `noindex` and `Referrer-Policy: no-referrer`.
 */
import type { z } from "zod";
import type { Endpoint, ResponseOf } from "../../lib/contracts/endpoint";
import { limits } from "../../lib/form-fields/limits";
import type { Accepted, Actor, ServiceContext } from "../context";
import type { Action, Call } from "./endpoint";
import { badRequest, fromZodError, validationFailed, type HttpError } from "./errors";
import { htmlError, htmlPage } from "./html-page";
import { assertPublicOrigin, assertSameOrigin, idempotencyKey, readBody, wantsHtml } from "./request";
import { apiSecurityHeaders, html, json } from "./response";
import { assertNotSpam } from "./spam-guard";

/** The header a form post carries its solved proof-of-work challenge in (base64 JSON). */
export const challengeSolutionHeader = "Challenge-Solution";

type FormEndpoint = Endpoint & { request: z.ZodType; response: z.ZodType };

/** The confirmation page a form posted without JavaScript gets. */
export interface ConfirmationPage {
  title: string;
  heading: string;
  message: string;
  back: { href: string; label: string };
}

export function publicForm<E extends FormEndpoint, Row>(
  endpoint: E,
  options: {
    /** The page that holds the form (the no-JavaScript error page links back to it). */
    formPage: string;
    accept: (input: z.output<E["request"]>, ctx: ServiceContext) => Promise<Accepted<Row>>;
    reply: (row: Row) => ResponseOf<E>;
    /** The no-JavaScript confirmation page, or a function of the stored row (e.g. its reference). */
    page: ConfirmationPage | ((row: Row) => ConfirmationPage);
    /**
     * Checks beyond the contract (a booking's dates against today's diary), run in the same pass
     * so a refusal names every problem at once: field → message, empty when all is well.
     */
    check?: (data: Record<string, unknown>, ctx: ServiceContext) => Promise<Record<string, string>>;
    /**
     * For a form posted without JavaScript and refused (422 with fields): the form again as HTML,
     * filled with what was posted and each problem marked, shown on the answer page.
     */
    refusedForm?: (refusal: RefusedForm, ctx: ServiceContext) => Promise<string>;
  },
): Action {
  // What each request posted, for its refusal page; keyed by the request's `services`, which stays
  // the same when a wrapper (src/features/photos/http-forms.ts) passes a copy of the call on.
  const posted = new WeakMap<Call["services"], Record<string, unknown>>();
  return {
    endpoint,
    formPage: options.formPage,
    async run(call) {
      assertPublicOrigin(call.req);
      const body = await readBody(call.req, limits.bodyBytes);
      if (wantsHtml(call.req, body)) posted.set(call.services, body.data);
      const ctx = call.services(idempotencyKey(call.req));
      ctx.challengeSolution = call.req.headers.get(challengeSolutionHeader)?.slice(0, 2048) || undefined;
      assertNotSpam(body.data, ctx.now.getTime());
      const parsed = endpoint.request.safeParse(body.data);
      const more = options.check ? await options.check(body.data, ctx) : {};
      if (!parsed.success) {
        const failure = fromZodError(parsed.error);
        throw Object.keys(more).length > 0 ? validationFailed({ ...failure.fields, ...more }) : failure;
      }
      if (Object.keys(more).length > 0) throw validationFailed(more);
      const accepted = await options.accept(parsed.data as z.output<E["request"]>, ctx);
      const headers: Record<string, string> = accepted.created ? {} : { "Idempotent-Replayed": "true" };
      if (wantsHtml(call.req, body)) {
        const page = typeof options.page === "function" ? options.page(accepted.row) : options.page;
        return html(htmlPage({ ...page, tone: "success" }), endpoint.status, headers);
      }
      return json(options.reply(accepted.row), endpoint.status, headers);
    },
    async renderError(failure, call) {
      const data = posted.get(call.services);
      if (!data || !options.refusedForm || failure.status !== 422 || !failure.fields) return undefined;
      const form = await options.refusedForm({ data, fields: failure.fields }, call.services());
      return htmlError(failure, options.formPage, form);
    },
  };
}

/** A refused form post: what was posted and the problem with each field. */
export interface RefusedForm {
  data: Record<string, unknown>;
  fields: Record<string, string>;
}

export function publicRead<E extends Endpoint & { response: z.ZodType }>(
  endpoint: E,
  options: {
    load: (ctx: ServiceContext, input: { query: QueryOutput<E> }) => Promise<ResponseOf<E>>;
    headers?: Record<string, string>;
  },
): Action {
  return {
    endpoint,
    async run(call) {
      const query = parseQuery(endpoint, call.req) as QueryOutput<E>;
      return json(await options.load(call.services(), { query }), endpoint.status, options.headers);
    },
  };
}

type QueryOutput<E extends Endpoint> = E["query"] extends z.ZodType ? z.output<E["query"]> : undefined;

/** The query string parsed against the contract (400 when it does not fit), or undefined. */
function parseQuery(endpoint: Endpoint, req: Request): unknown {
  if (!endpoint.query) return undefined;
  const parsed = endpoint.query.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid query.", "invalid_query");
  return parsed.data;
}

/**
 * A public GET that answers a file rather than JSON (the owner's calendar feed, the customer's
 * invoice PDF): `handle` builds the whole Response from the request's path. A failure gets the
 * envelope, unless `error` answers it with a page (the customer's PDF: the page's own 404).
 */
export function publicFile<E extends Endpoint>(
  endpoint: E,
  handle: (input: { req: Request; ctx: ServiceContext }) => Promise<Response>,
  options: { error?: (failure: HttpError) => Promise<PageAnswer | undefined> } = {},
): Action {
  return {
    endpoint,
    run: (call) => handle({ req: call.req, ctx: call.services() }),
    ...(options.error
      ? {
          async renderError(failure: HttpError) {
            const answer = await options.error!(failure);
            return answer ? pageResponse({ status: failure.status, ...answer }) : undefined;
          },
        }
      : {}),
  };
}

export function publicLookup<E extends FormEndpoint>(
  endpoint: E,
  options: { load: (input: z.output<E["request"]>, ctx: ServiceContext) => Promise<ResponseOf<E>> },
): Action {
  return {
    endpoint,
    async run(call) {
      assertPublicOrigin(call.req);
      const body = await readBody(call.req, limits.bodyBytes);
      const parsed = endpoint.request.safeParse(body.data);
      if (!parsed.success) throw fromZodError(parsed.error);
      const result = await options.load(parsed.data as z.output<E["request"]>, call.services());
      return json(result, endpoint.status, { "Cache-Control": "no-store" });
    },
  };
}

/** A page's markup and, when it is not 200, its status; or a file to download instead. */
export interface PageAnswer {
  markup: string;
  status?: number;
  headers?: Record<string, string>;
  /** A file answered in place of the page (e.g. an .ics), with the page's no-store headers. */
  file?: { filename: string; contentType: string; content: string };
}

/** What a page's render and error functions get: the path's secret, the parsed input, the context. */
export interface PageCall<E extends Endpoint> {
  /** The `:id` path segment (the secret), on item paths. */
  rawId: string | undefined;
  query: QueryOutput<E>;
  /** The form body parsed against the contract (undefined on a GET). */
  body: BodyOutput<E>;
  ctx: ServiceContext;
}

type BodyOutput<E extends Endpoint> = E["request"] extends z.ZodType ? z.output<E["request"]> : undefined;

/** Headers every page answer carries: never stored, never indexed, never sends its URL on. */
const pageHeaders = { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow" } as const;

function pageResponse(answer: PageAnswer): Response {
  if (!answer.file) return html(answer.markup, answer.status ?? 200, { ...answer.headers, ...pageHeaders });
  return new Response(answer.file.content, {
    status: answer.status ?? 200,
    headers: {
      "Content-Type": answer.file.contentType,
      "Content-Disposition": `attachment; filename="${answer.file.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "no-store",
      ...apiSecurityHeaders,
      ...answer.headers,
      ...pageHeaders,
    },
  });
}

export function publicPage<E extends Endpoint>(
  endpoint: E,
  options: {
    render: (call: PageCall<E>) => Promise<PageAnswer>;
    /**
     * The page for a failure. `call` is what is known when it happened (the body only if it was
     * read; `raw` is the form as posted, to show it again).
     */
    error: (
      failure: HttpError,
      call: Partial<PageCall<E>> & {
        rawId: string | undefined;
        ctx: ServiceContext;
        raw?: Record<string, unknown>;
      },
    ) => Promise<PageAnswer>;
    /** Who acts on this page (a customer's private link); the website by default. */
    actor?: Actor | undefined;
  },
): Action {
  /** What was read of each call's input, for the error page. */
  const read = new WeakMap<
    Call,
    { query?: QueryOutput<E>; body?: BodyOutput<E>; raw?: Record<string, unknown> }
  >();
  return {
    endpoint,
    async run(call) {
      const seen: { query?: QueryOutput<E>; body?: BodyOutput<E>; raw?: Record<string, unknown> } = {};
      read.set(call, seen);
      assertSameOrigin(call.req);
      const query = parseQuery(endpoint, call.req) as QueryOutput<E>;
      seen.query = query;
      let body: BodyOutput<E> = undefined as BodyOutput<E>;
      if (endpoint.request) {
        const posted = await readBody(call.req, limits.bodyBytes);
        seen.raw = posted.data;
        const parsed = endpoint.request.safeParse(posted.data);
        if (!parsed.success) throw fromZodError(parsed.error);
        body = parsed.data as BodyOutput<E>;
        seen.body = body;
      }
      const ctx = call.services(undefined, options.actor);
      return pageResponse(await options.render({ rawId: call.rawId, query, body, ctx }));
    },
    async renderError(failure, call) {
      const seen = read.get(call) ?? {};
      return pageResponse({
        status: failure.status,
        headers: failure.headers,
        ...(await options.error(failure, {
          rawId: call.rawId,
          ctx: call.services(undefined, options.actor),
          ...seen,
        })),
      });
    },
  };
}
