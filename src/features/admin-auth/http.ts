/**
 * Admin actions for `apiHandler` (./endpoint.ts). Every admin route, in this order:
 *   1. a state change (POST, PUT, PATCH, DELETE) must come from the site's own origin (403);
 *   2. a live admin session (401), except for signing in (`signInAction`);
 *   3. an item path's `:id` must be a positive integer (404);
 *   4. the query string, then the JSON body (4 KB), parsed against the contract (400, 415, 422);
 *   5. `handle` gets it all typed and calls a service; its answer is typed by the contract
 *      (200 JSON, or 204), always `Cache-Control: no-store`.
 *
 *   adminAction(reviewEndpoints.setTestimonialApproved, ({ id, body, ctx }) =>
 *     setTestimonialApproved(id, body.approved, ctx).then((testimonial) => ({ testimonial })))
 */
import type { z } from "zod";
import type { Endpoint, ResponseOf } from "../../lib/contracts/endpoint";
import { idParamSchema } from "./contract/forms";
import type { AdminSession } from "./service";
import type { ServiceContext } from "../../platform/context";
import { assertSameOrigin, requireAdmin } from "./http-guard";
import type { Action, Call } from "../../platform/http/endpoint";
import { badRequest, fromZodError, notFound, unsupportedMediaType } from "../../platform/http/errors";
import { readBody } from "../../platform/http/request";
import { apiSecurityHeaders, json, noContent } from "../../platform/http/response";

/** The admin API speaks JSON only; 4 KB is plenty for a password or a flag. */
const adminBodyBytes = 4 * 1024;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What an admin action's `handle` receives. */
export interface AdminInput<E extends Endpoint> {
  body: Parsed<E["request"]>;
  query: Parsed<E["query"]>;
  /** The `:id` of an item path (0 on other paths). */
  id: number;
  ctx: ServiceContext;
  req: Request;
}

/** An answer with extra headers (e.g. Set-Cookie). */
export class Reply<T> {
  constructor(
    readonly body: T,
    readonly headers: Record<string, string>,
  ) {}
}

type Answer<E extends Endpoint> = E["response"] extends z.ZodType ? ResponseOf<E> : void;
type Handle<E extends Endpoint, Extra> = (
  input: AdminInput<E> & Extra,
) => Promise<Answer<E> | Reply<Answer<E>>>;

/** A positive integer id, or 404 for anything else (`/abc`, `/0`, `/1.5`, `/99999999999`). */
export function parseId(raw: string): number {
  const parsed = idParamSchema.safeParse(raw);
  if (!parsed.success || !/^\d+$/.test(raw)) throw notFound();
  return parsed.data;
}

async function parseInput<E extends Endpoint>(endpoint: E, call: Call, bodyBytes = adminBodyBytes) {
  const id = call.rawId === undefined ? 0 : parseId(call.rawId);
  let query: unknown;
  if (endpoint.query) {
    const raw = Object.fromEntries(new URL(call.req.url).searchParams);
    const parsed = endpoint.query.safeParse(raw);
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? "Invalid query.", "invalid_filter");
    query = parsed.data;
  }
  let body: unknown;
  if (endpoint.request) {
    // A POST with no body at all (no type, nothing declared) reads as {}: the contract decides
    // whether that is enough (an issue with no date).
    const bodiless =
      !call.req.headers.get("content-type") && (call.req.headers.get("content-length") ?? "0") === "0";
    const read = bodiless ? { kind: "json" as const, data: {} } : await readBody(call.req, bodyBytes);
    if (read.kind !== "json") throw unsupportedMediaType();
    const parsed = endpoint.request.safeParse(read.data);
    if (!parsed.success) throw fromZodError(parsed.error);
    body = parsed.data;
  }
  return { id, query: query as Parsed<E["query"]>, body: body as Parsed<E["request"]> };
}

function respond<E extends Endpoint>(endpoint: E, result: unknown): Response {
  const { body, headers } = result instanceof Reply ? result : { body: result, headers: {} };
  if (endpoint.status === 204) {
    return noContent(headers);
  }
  return json(body, endpoint.status, headers);
}

/**
 * An admin route that needs a live session; `handle` also gets the session. `bodyBytes` raises the
 * 4 KB body limit for an endpoint that takes more (a quote's hundred lines).
 */
export function adminAction<E extends Endpoint>(
  endpoint: E,
  handle: Handle<E, { session: AdminSession }>,
  options: { bodyBytes?: number } = {},
): Action {
  return {
    endpoint,
    async run(call) {
      const session = await requireAdmin(call.req);
      const input = await parseInput(endpoint, call, options.bodyBytes);
      return respond(
        endpoint,
        await handle({
          ...input,
          ctx: call.services(undefined, { kind: "owner", session: session.id }),
          req: call.req,
          session,
        }),
      );
    },
  };
}

/** Signing in: the origin is checked, but there is no session yet. */
export function signInAction<E extends Endpoint>(endpoint: E, handle: Handle<E, object>): Action {
  return {
    endpoint,
    async run(call) {
      assertSameOrigin(call.req);
      const input = await parseInput(endpoint, call);
      return respond(endpoint, await handle({ ...input, ctx: call.services(), req: call.req }));
    },
  };
}

/**
 * An admin route that answers a file (a CSV export, a PDF, a JSON download) rather than the
 * contract's JSON: the same checks as `adminAction`, then `handle`'s own Response, which must carry
 * its Content-Type and Content-Disposition. It is never cached, never sniffed into another type,
 * and its CSP lets it load, run or be framed by nothing: a PDF opened in the browser's viewer, or
 * a file a browser mistakes for a page, can do nothing with the admin's session
 * (docs/decisions/043-security-by-default.md).
 */
export function adminDownload<E extends Endpoint>(
  endpoint: E,
  handle: (input: AdminInput<E> & { session: AdminSession }) => Promise<Response>,
): Action {
  return {
    endpoint,
    async run(call) {
      const session = await requireAdmin(call.req);
      const input = await parseInput(endpoint, call);
      const response = await handle({
        ...input,
        ctx: call.services(undefined, { kind: "owner", session: session.id }),
        req: call.req,
        session,
      });
      response.headers.set("Cache-Control", "no-store");
      for (const [name, value] of Object.entries(apiSecurityHeaders)) response.headers.set(name, value);
      return response;
    },
  };
}

/** A download's answer: `body` as an attachment named `fileName`. */
export function fileResponse(body: BodyInit, contentType: string, fileName: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
    },
  });
}

/** A quote's or an invoice's PDF: inline, or as an attachment when `download` (`?download=1`). */
export function pdfResponse(file: { bytes: Uint8Array; fileName: string }, download: boolean): Response {
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${file.fileName}"`,
    },
  });
}
