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
  appointmentCalendar,
  customerPage,
  newFormKey,
  sendLostLinks,
  tooLateMessage,
  type CustomerPageView,
} from "./service";
import { site } from "../../config/site";
import {
  actionPage,
  lostLinkAnswerPage,
  lostLinkPage,
  messagePage,
  notFoundPage,
  requestPage,
  type FormState,
  type PageBanner,
} from "./html";
import { requestPagePath } from "../mail/request-link";

type Endpoints = typeof customerPageEndpoints;

/** The dates a customer may ask for (what the booking form offers). */
async function bookableDates(ctx: ServiceContext) {
  return (await availability({}, ctx)).dates.map((d) => ({ date: d.date, label: d.label }));
}

/**
 * Why a step is not on the page any more (it was done, in this tab or another, the request closed,
 * or the visit came inside the cut-off): said above the request as it is now, never as an error.
 */
function unavailable(view: CustomerPageView, step: CustomerAction): PageBanner {
  const note = (heading: string, message: string): PageBanner => ({ heading, message, tone: "note" });
  if (view.closed) {
    return note(
      "This request is closed",
      `It can no longer be changed here. To talk about it, please call us on ${site.phone.display}.`,
    );
  }
  if (view.late && step !== "message") return note("Too late to change online", tooLateMessage);
  if (step === "accept") {
    return view.appointment
      ? note("This time is already accepted", `Your appointment is confirmed: ${view.appointment.label}.`)
      : note("There is no time to accept", "There is no offered time to accept any more.");
  }
  if (step === "reschedule") {
    return note(
      "No appointment times",
      "A message to us has no appointment times; you can send us a message.",
    );
  }
  return note("Not available online", "This can no longer be done here.");
}

/** An action's confirmation step, or the page as it is now with why the step is not there. */
async function stepPage(
  view: CustomerPageView,
  token: string,
  step: CustomerAction,
  form: FormState,
  ctx: ServiceContext,
): Promise<PageAnswer> {
  if (!view.can[step]) return { markup: requestPage(view, token, unavailable(view, step)) };
  const dates = step === "reschedule" ? await bookableDates(ctx) : [];
  return { markup: actionPage(view, token, step, form, dates) };
}

export async function showPage({
  rawId,
  query,
  ctx,
}: PageCall<Endpoints["customerPage"]>): Promise<PageAnswer> {
  const token = rawId ?? "";
  if (query.download === "calendar") {
    const file = await appointmentCalendar(token, ctx);
    if (file) return { markup: "", file };
    const view = await customerPage(token, ctx);
    const note: PageBanner = {
      heading: "No appointment to add",
      message: "There is no confirmed appointment on this request to add to a calendar.",
      tone: "note",
    };
    return { markup: requestPage(view, token, note), status: 404 };
  }
  const view = await customerPage(token, ctx);
  if (!query.step) return { markup: requestPage(view, token) };
  return stepPage(view, token, query.step, { nonce: newFormKey(ctx.now) }, ctx);
}

/** The change, answered with the request's page as it now is and what was done above it. */
export async function act({ rawId, body, ctx }: PageCall<Endpoints["customerAction"]>): Promise<PageAnswer> {
  const token = rawId ?? "";
  const outcome = await actOnRequest(token, body, ctx);
  const view = await customerPage(token, ctx);
  return {
    markup: requestPage(view, token, { heading: outcome.heading, message: outcome.message, tone: "done" }),
  };
}

/**
 * Any failure on a request's page: 404 the same for every bad link; a form to fix shown again; an
 * action that no longer applies (a stale form, the other tab was first) the request as it now is.
 */
export async function pageError(
  failure: HttpError,
  call: { rawId: string | undefined; ctx: ServiceContext; raw?: Record<string, unknown> },
): Promise<PageAnswer> {
  if (failure.status === 404) return { markup: notFoundPage() };
  const token = call.rawId ?? "";
  const back = { href: `${requestPagePath}/${token}`, label: "Back to your request" };
  const step = customerActions.find((a) => a === call.raw?.["action"]);
  if ((failure.status === 422 || failure.status === 409) && step) {
    const view = await customerPage(token, call.ctx).catch(() => null);
    if (!view) return { markup: notFoundPage(), status: 404 };
    if (!view.can[step]) return { markup: requestPage(view, token, unavailable(view, step)), status: 409 };
    if (failure.status === 422) {
      const form = {
        nonce: newFormKey(call.ctx.now),
        problems: failure.fields ?? {},
        values: call.raw ?? {},
      };
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
