/**
 * The customer's own page for a request, reached by the private link in every customer e-mail
 * (docs/decisions/019-customer-page.md). Server-rendered HTML with no script; works the same with
 * JavaScript off.
 *
 *   GET  /request/<token>               the page (404 page for a wrong, expired or other token)
 *   GET  /request/<token>/<action>      an action's confirmation step (changes nothing)
 *   POST /request/<token>/<action>      the change: accept | reschedule | message | cancel
 *   GET  /request/lost, POST /request/lost   the lost-link form; the same answer for any address
 *   GET  /request/page.css              the pages' stylesheet
 *
 * Every answer: no-store, noindex, Referrer-Policy no-referrer, and a CSP with no script at all.
 * The log line names the route pattern, never the path, so a token never reaches the logs.
 */
import type { Config } from "@netlify/functions";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { requestPagePath } from "../../src/server/customer/link-url";
import { resolveLink } from "../../src/server/customer/links";
import {
  actionPage,
  donePage,
  lostLinkAnswerPage,
  lostLinkPage,
  messagePage,
  notFoundPage,
  requestPage,
  stylesheet,
} from "../../src/server/customer/html";
import type { CustomerAction } from "../../src/server/customer/mail";
import {
  act,
  lostLinkClientRule,
  pageView,
  sendLostLinks,
  type ActionInput,
} from "../../src/server/customer/service";
import { ApiError, forbidden, toApiError } from "../../src/server/http/errors";
import { createHandler, fieldLabel, type HandlerContext } from "../../src/server/http/handler";
import { clientKey, readBody } from "../../src/server/http/request";
import { deliverNow, mailContext } from "../../src/server/mail/notify";
import { enforceRateLimit } from "../../src/server/services/rate-limit";

const csp =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const pageHeaders: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
  "Content-Security-Policy": csp,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
};

const page = (markup: string, status = 200, extra: Record<string, string> = {}) =>
  new Response(markup, { status, headers: { ...pageHeaders, ...extra } });

const notFound = () => page(notFoundPage(), 404);

const actions = new Set<CustomerAction>(["accept", "reschedule", "message", "cancel"]);
const isAction = (value: string | undefined): value is CustomerAction =>
  value !== undefined && actions.has(value as CustomerAction);

const newNonce = () => randomBytes(16).toString("base64url");

/**
 * A change must come from this site's own page. With `Referrer-Policy: no-referrer` a browser sends
 * `Origin: null` on a form post, so a null or missing Origin passes only when the browser says the
 * post is same-origin (`Sec-Fetch-Site`); any other origin, or neither header, gets 403.
 */
function assertPageOrigin(req: Request): void {
  const own = new URL(req.url).origin;
  const origin = req.headers.get("origin");
  if (origin === own) return;
  if ((origin === null || origin === "null") && req.headers.get("sec-fetch-site") === "same-origin") return;
  throw forbidden("This form was sent from another website and was refused.");
}

const strings = (data: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === "string"));

function problemsOf(error: ApiError) {
  return error.fields
    ? Object.entries(error.fields).map(([field, message]) => ({ label: fieldLabel(field), message }))
    : [{ label: "Problem", message: error.message }];
}

function errorPage(error: unknown, back?: string): Response {
  const failure = toApiError(error);
  if (failure.status === 404) return notFound();
  if (failure.status >= 500) throw error; // the edge wrapper answers 503/500 and logs it
  return page(
    messagePage(
      failure.status === 429 ? "Please wait a moment" : "That did not go through",
      failure.message,
      back ? { href: back, label: "Back to your request" } : undefined,
    ),
    failure.status,
    failure.headers,
  );
}

const emailSchema = z.email().max(254);

async function lostLink(req: Request, context: HandlerContext): Promise<Response> {
  if (req.method !== "POST") return page(lostLinkPage());
  assertPageOrigin(req);
  await enforceRateLimit(lostLinkClientRule, clientKey(req, context));
  const body = await readBody(req);
  const raw = typeof body.data["email"] === "string" ? body.data["email"].trim() : "";
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) {
    return page(
      lostLinkPage({
        email: raw,
        problems: [{ label: "Email", message: "Please enter a valid e-mail address." }],
      }),
      422,
    );
  }
  const ids = await sendLostLinks(parsed.data, mailContext());
  // Delivered after the answer where the platform allows, so known and unknown addresses answer alike.
  const attempt = deliverNow(ids, context);
  if (!context.waitUntil) void attempt;
  return page(lostLinkAnswerPage());
}

async function requestRoute(req: Request, token: string, action: string | undefined): Promise<Response> {
  const isPost = req.method === "POST";
  if (isPost) assertPageOrigin(req);
  if (action !== undefined && !isAction(action)) return notFound();
  if (isPost && action === undefined) return notFound();
  const request = await resolveLink(token);
  if (!request) return notFound();
  const now = new Date();
  const view = await pageView(request, now);
  const self = `${requestPagePath}/${token}`;
  if (!action) return page(requestPage(view, token));
  if (!isPost) {
    if (!view.can[action]) {
      return page(
        messagePage(
          "This can no longer be done online",
          view.late
            ? "Your appointment is too close to change online. Please call us."
            : "This request can no longer be changed here. Please call us.",
          { href: self, label: "Back to your request" },
        ),
        409,
      );
    }
    return page(actionPage(view, token, action, { nonce: newNonce() }));
  }
  const body = await readBody(req);
  const nonce = typeof body.data["nonce"] === "string" ? body.data["nonce"] : "";
  const input: ActionInput =
    action === "message"
      ? { action, nonce, message: body.data["message"] }
      : action === "cancel"
        ? { action, nonce, reason: body.data["reason"] }
        : action === "reschedule"
          ? { action, nonce, data: body.data }
          : { action, nonce };
  try {
    const outcome = await act(request.id, input, mailContext(), now);
    await deliverNow(outcome.mailIds);
    return page(donePage(token, outcome));
  } catch (error) {
    const failure = toApiError(error);
    if (failure.status === 422 && view.can[action]) {
      return page(
        actionPage(view, token, action, { nonce, problems: problemsOf(failure), values: strings(body.data) }),
        422,
      );
    }
    return errorPage(error, self);
  }
}

export default createHandler({
  // The pattern, never the path: the token must not reach the logs.
  route: `${requestPagePath}/:token`,
  methods: ["GET", "HEAD", "POST"],
  handle: async (req, context) => {
    const path = new URL(req.url).pathname;
    const segments = path
      .slice(requestPagePath.length + 1)
      .split("/")
      .filter(Boolean);
    const [first, second, ...rest] = segments;
    try {
      if (!first || rest.length > 0) return notFound();
      if (first === "page.css" && second === undefined) {
        return new Response(stylesheet, {
          headers: {
            "Content-Type": "text/css; charset=utf-8",
            "Cache-Control": "public, max-age=3600",
            "X-Content-Type-Options": "nosniff",
          },
        });
      }
      if (first === "lost" && second === undefined) return await lostLink(req, context);
      return await requestRoute(req, first, second);
    } catch (error) {
      return errorPage(error, first && first !== "lost" ? `${requestPagePath}/${first}` : undefined);
    }
  },
});

// Literal paths: Netlify reads them without running the module (they equal requestPagePath/…).
export const config: Config = {
  path: ["/request/:token", "/request/:token/:action"],
};
