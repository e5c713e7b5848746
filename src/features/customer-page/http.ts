/**
 * Which page answers what, on the customer's page (docs/decisions/019-customer-page.md): the
 * render and error functions of netlify/functions/customer-page.mts. The rules are in
 * src/features/customer-page/service.ts, the markup in ./html.ts.
 *
 *   GET  /request/<token>                the page; with ?step=<action>, that action's confirmation
 *   POST /request/<token>                the change; a form that needs fixing comes back with what
 *                                        was typed and what to fix
 *   GET  /request/lost, POST /request/lost   the lost-link form and its one answer
 *
 * A wrong, expired or other request's link gets the same 404 page on every path.
 */
import { customerActions, type CustomerAction, type customerPageEndpoints } from "./contract/endpoints";
import type { HttpError } from "../../platform/http/errors";
import type { PageAnswer, PageCall } from "../../platform/http/public";
import { availability } from "../appointments/service";
import type { ServiceContext } from "../../platform/context";
import {
  actOnRequest,
  customerPage,
  newFormKey,
  sendLostLinks,
  tooLateMessage,
  type CustomerPageView,
} from "./service";
import {
  actionPage,
  donePage,
  lostLinkAnswerPage,
  lostLinkPage,
  messagePage,
  notFoundPage,
  requestPage,
  type FormState,
} from "./html";
import { requestPagePath } from "../mail/request-link";

type Endpoints = typeof customerPageEndpoints;

/** The dates a customer may ask for (what the booking form offers). */
async function bookableDates(ctx: ServiceContext) {
  return (await availability({}, ctx)).dates.map((d) => ({ date: d.date, label: d.label }));
}

/** An action's confirmation step, or why it cannot be done online any more. */
async function stepPage(
  view: CustomerPageView,
  token: string,
  step: CustomerAction,
  form: FormState,
  ctx: ServiceContext,
) {
  if (!view.can[step]) {
    return {
      status: 409,
      markup: messagePage(
        "This can no longer be done online",
        view.late ? tooLateMessage : "This request can no longer be changed here.",
        { href: `${requestPagePath}/${token}`, label: "Back to your request" },
      ),
    };
  }
  const dates = step === "reschedule" ? await bookableDates(ctx) : [];
  return { markup: actionPage(view, token, step, form, dates) };
}

export async function showPage({
  rawId,
  query,
  ctx,
}: PageCall<Endpoints["customerPage"]>): Promise<PageAnswer> {
  const token = rawId ?? "";
  const view = await customerPage(token, ctx);
  if (!query.step) return { markup: requestPage(view, token) };
  return stepPage(view, token, query.step, { nonce: newFormKey(ctx.now) }, ctx);
}

export async function act({ rawId, body, ctx }: PageCall<Endpoints["customerAction"]>): Promise<PageAnswer> {
  const token = rawId ?? "";
  return { markup: donePage(token, await actOnRequest(token, body, ctx)) };
}

/** Any failure on a request's page: 404 the same for every bad link; a form to fix shown again. */
export async function pageError(
  failure: HttpError,
  call: { rawId: string | undefined; ctx: ServiceContext; raw?: Record<string, unknown> },
): Promise<PageAnswer> {
  if (failure.status === 404) return { markup: notFoundPage() };
  const token = call.rawId ?? "";
  const back = { href: `${requestPagePath}/${token}`, label: "Back to your request" };
  const step = customerActions.find((a) => a === call.raw?.["action"]);
  if (failure.status === 422 && step && call.raw) {
    const view = await customerPage(token, call.ctx);
    if (view.can[step]) {
      const form = { nonce: newFormKey(call.ctx.now), problems: failure.fields ?? {}, values: call.raw };
      return { ...(await stepPage(view, token, step, form, call.ctx)), status: 422 };
    }
  }
  return {
    markup: messagePage(
      failure.status === 429 ? "Please wait a moment" : "That did not go through",
      failure.message,
      back,
    ),
  };
}

export async function showLostLink(): Promise<PageAnswer> {
  return { markup: lostLinkPage() };
}

export async function askLostLink({ body, ctx }: PageCall<Endpoints["lostLink"]>): Promise<PageAnswer> {
  await sendLostLinks(body, ctx);
  return { markup: lostLinkAnswerPage() };
}

export async function lostLinkError(
  failure: HttpError,
  call: { raw?: Record<string, unknown> },
): Promise<PageAnswer> {
  if (failure.status === 422) {
    const email = typeof call.raw?.["email"] === "string" ? call.raw["email"] : "";
    return { markup: lostLinkPage({ problem: failure.fields?.["email"] ?? failure.message, email }) };
  }
  return {
    markup: messagePage(
      failure.status === 429 ? "Please wait a moment" : "That did not go through",
      failure.message,
      { href: `${requestPagePath}/lost`, label: "Back to the form" },
    ),
  };
}
