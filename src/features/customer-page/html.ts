/**
 * The customer's page as server-rendered HTML (docs/decisions/019-customer-page.md): no script at
 * all, one inline stylesheet (allowed by its hash: src/platform/http/response.ts), the site's colours
 * and button styles. Everything interpolated is escaped.
 *
 * Every action takes two steps: a link on the page opens the action's confirmation step (a GET,
 * which changes nothing), whose form POSTs the change with a one-time key.
 */
import { businessFact } from "../../lib/business-facts";
import { site } from "../../config/site";
import { windowChoicesAnyDay } from "../appointments/contract/rules";
import { customerMessageMax, customerReasonMax, type CustomerAction } from "./contract/endpoints";
import { escapeHtml as e, fieldLabel, pageHead } from "../../platform/http/html-page";
import { formatDateTime } from "../../platform/time";
import type { CustomerPageView } from "./service";
import { linkIdleDays, linkLifetimeAfterCloseDays } from "./service";
import { requestPagePath } from "../mail";
import { quoteCard, quoteStepBody, quoteStyles } from "./html-quote";
import { invoicesCard, invoiceStyles } from "./html-invoices";
import { galleryConsentCard } from "./html-gallery-consent";
import type { QuoteStep } from "./contract/endpoints";

/**
 * The site's own Inter (the Latin variable file of @fontsource-variable/inter, which the static
 * pages load under a hashed name this function cannot know): a copy at a fixed address in
 * public/fonts, checked to be the same bytes by tests/unit/customer-page-font.test.ts.
 */
export const fontPath = "/fonts/inter-latin-wght-normal.woff2";

const styles = `
@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${fontPath}) format("woff2-variations"),url(${fontPath}) format("woff2");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:"Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#334155;background:#f8fafc;line-height:1.65;font-size:1rem}
@media (min-width:40rem){body{font-size:1.0625rem}}
a{color:#233f6f;text-underline-offset:2px}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.skip{position:absolute;left:-999px;top:.5rem;background:#fff;padding:.5rem 1rem;border-radius:.5rem;z-index:2}
.skip:focus{left:1rem}
.top{background:#fff;border-bottom:1px solid #e2e8f0}
.bar{max-width:46rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;justify-content:space-between;gap:1rem}
.brand{display:flex;align-items:center;gap:.6rem;text-decoration:none;color:#132340;border-radius:.375rem}
.brand svg{width:2.5rem;height:2.5rem;flex:none}
.brand b{display:block;font-size:1rem;font-weight:800;letter-spacing:-.01em;line-height:1.2}
.brand small{display:block;font-size:.7rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:#475569}
.call{font-weight:600;color:#1b3157;text-decoration:none;white-space:nowrap;border-radius:.375rem;padding:.25rem}
.call span{color:#475569;font-weight:500;margin-right:.25rem}
@media (max-width:26rem){.bar{gap:.5rem}.call span{display:none}.call{font-size:.9375rem}.brand{gap:.5rem}.brand svg{width:2.25rem;height:2.25rem}.brand b{font-size:.875rem}}
main{flex:1;width:100%;max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}
@media (min-width:40rem){main{padding:2.5rem 1.5rem 4rem}}
h1,h2{color:#132340;letter-spacing:-.015em;line-height:1.25;text-wrap:balance}
h1{font-size:1.75rem;margin:.25rem 0 1.5rem}
@media (min-width:40rem){h1{font-size:2.125rem}}
h2{font-size:1.125rem;margin:0 0 .75rem}
.eyebrow{margin:0;font-size:.8rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:#475569}
.ref{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-weight:700;color:#1b3157;letter-spacing:.02em;text-transform:none}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;margin:0 0 1.25rem;box-shadow:0 1px 2px rgb(15 23 42/.06),0 4px 16px rgb(15 23 42/.06)}
@media (min-width:40rem){.card{padding:1.5rem 1.75rem}}
.card>:first-child{margin-top:0}
.card>:last-child{margin-bottom:0}
.status{border-left:6px solid #2c4f8a}
.status.closed{border-left-color:#64748b}
.headline{font-size:1.25rem;font-weight:700;color:#132340;margin:0 0 .25rem;line-height:1.35}
.offer{background:#fff8eb;border-color:#fcbf4d}
.offer .headline{color:#78350f}
dl{margin:0;display:grid;grid-template-columns:minmax(8rem,12rem) 1fr;gap:.6rem 1.25rem}
dt{color:#475569;font-weight:600}
dd{margin:0;white-space:pre-line;overflow-wrap:anywhere;color:#1e293b}
@media (max-width:32rem){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.75rem}}
ol.history{list-style:none;margin:0;padding:0 0 0 1.25rem;border-left:2px solid #d9e4f3}
ol.history li{position:relative;padding:0 0 1rem}
ol.history li:last-child{padding-bottom:0}
ol.history li::before{content:"";position:absolute;left:-1.72rem;top:.45rem;width:.75rem;height:.75rem;border-radius:50%;background:#fff;border:2px solid #3b64a6}
ol.history li.you::before{background:#f59e0b;border-color:#b45309}
ol.history time{display:block;font-size:.875rem;color:#475569}
ol.history strong{color:#1e293b;font-weight:600}
blockquote{margin:.4rem 0 0;padding:.25rem .75rem;border-left:3px solid #b3c8e6;white-space:pre-line;overflow-wrap:anywhere;color:#1e293b}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1rem 0 0}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:3rem;padding:.7rem 1.25rem;border-radius:.5rem;border:2px solid #1b3157;background:#1b3157;color:#fff;font:inherit;font-weight:600;line-height:1.3;text-decoration:none;text-align:center;cursor:pointer}
.button:hover{background:#233f6f;border-color:#233f6f}
.button.primary{background:#f59e0b;border-color:#f59e0b;color:#0b162a}
.button.primary:hover{background:#fbab24;border-color:#fbab24}
.button.outline{background:#fff;color:#1b3157}
.button.secondary{background:#166534;border-color:#166534}
.button.secondary:hover{background:#14532d}
.button.outline:hover{background:#eef3fa}
.button.danger{background:#b91c1c;border-color:#b91c1c;color:#fff}
.button.danger:hover{background:#991b1b;border-color:#991b1b}
@media (max-width:32rem){.actions .button{flex:1 1 100%}}
form{margin:0}
label{display:block;font-weight:600;color:#1e293b;margin:1rem 0 .35rem}
input,select,textarea{display:block;font:inherit;width:100%;padding:.65rem .8rem;border:1px solid #94a3b8;border-radius:.5rem;background:#fff;color:#1e293b}
input:focus-visible,select:focus-visible,textarea:focus-visible{border-color:#233f6f}
textarea{min-height:8rem;resize:vertical}
fieldset{border:1px solid #e2e8f0;border-radius:.75rem;margin:1rem 0 0;padding:.25rem 1rem 1rem}
legend{font-weight:700;color:#132340;padding:0 .35rem}
.pair{display:grid;gap:0 1rem}
@media (min-width:40rem){.pair{grid-template-columns:1fr 1fr}}
.hint{color:#475569;font-size:.9rem;margin:.35rem 0 0}
.field-error{color:#b91c1c;font-weight:600;font-size:.95rem;margin:.35rem 0 0}
[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.problems{border:2px solid #b91c1c;background:#fef2f2}
.problems h2{color:#b91c1c}
.problems ul{margin:0;padding-left:1.25rem}
.note{background:#fff8eb;border:1px solid #fcbf4d;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;color:#1e293b}
.done{border-left:6px solid #15803d}
.notice{border-left:6px solid #f59e0b}
.muted{color:#475569}
.foot{border-top:1px solid #e2e8f0;background:#fff;color:#475569;font-size:.9rem}
.foot p{max-width:46rem;margin:0 auto;padding:1.25rem 1rem}
${quoteStyles}${invoiceStyles}`;

const logo = `<svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><rect width="48" height="48" rx="10" fill="#132340"/><path d="M10 23 24 11l14 12" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/><path d="M14 21v15h20V21" fill="none" stroke="#fff" stroke-width="3.5" stroke-linejoin="round"/><rect x="20.5" y="26" width="7" height="10" rx="1" fill="#f59e0b"/></svg>`;

export const phoneLink = () => `<a href="${businessFact.phoneHref}">${businessFact.phone}</a>`;

const callUs = () => `Questions? Call us on ${phoneLink()}.`;

/** The footer of a request's own pages: the link is private. */
const privateNote = () =>
  `This page is private to you: anyone with its link can see it, so please do not share the link. ${callUs()}`;

export function layout(title: string, body: string, footer = privateNote()): string {
  const suffix = site.name.replace(site.shortName, "").trim();
  return `${pageHead(title, styles, '\n<meta name="referrer" content="no-referrer">')}
<body>
<a class="skip" href="#main">Skip to the content</a>
<header class="top"><div class="bar"><a class="brand" href="/">${logo}<span><b>${e(site.shortName)}</b> <small>${e(suffix)}</small></span></a><a class="call" href="${businessFact.phoneHref}"><span>Call</span>${businessFact.phone}</a></div></header>
<main id="main">
${body}
</main>
<footer class="foot"><p>${footer}</p></footer>
</body>
</html>
`;
}

const pageUrl = (token: string) => `${requestPagePath}/${token}`;
/** The confirmed appointment as an .ics file (a GET that only reads). */
export const calendarUrl = (token: string) => `${pageUrl(token)}?download=calendar`;
const stepUrl = (token: string, step: CustomerAction) => `${pageUrl(token)}?step=${step}`;

const heading = (reference: string, title: string) =>
  `<p class="eyebrow">Your request <span class="ref">${e(reference)}</span></p>\n<h1>${e(title)}</h1>`;

const link = (href: string, label: string, style = "") =>
  `<a class="button${style ? ` ${style}` : ""}" href="${e(href)}">${e(label)}</a>`;

const backTo = (token: string) => link(pageUrl(token), "Back to your request", "outline");

/** A note at the top of the page: what was just done, or why a step is not there any more. */
export interface PageBanner {
  heading: string;
  message: string;
  tone: "done" | "note";
}

export function bannerCard(banner: PageBanner | undefined): string {
  if (!banner) return "";
  return `<section class="card ${banner.tone === "done" ? "done" : "notice"}" role="status" aria-labelledby="banner-h"><h2 id="banner-h">${e(banner.heading)}</h2><p>${e(banner.message)}</p></section>`;
}

/**
 * The page itself: where the request is, what can be done, what happened, what was sent; with a
 * banner after an action (its answer is this page, so it always shows the request as it is now).
 */
export function requestPage(
  view: CustomerPageView,
  token: string,
  banner?: PageBanner,
  quoteProblem?: string,
): string {
  const sent = `<dl>${view.sent.map((s) => `<dt>${e(s.label)}</dt><dd>${e(s.value)}</dd>`).join("")}</dl>`;
  const history = `<ol class="history">${view.history
    .map(
      (h) =>
        `<li${h.byCustomer ? ' class="you"' : ""}><time datetime="${e(h.at.toISOString())}">${e(formatDateTime(h.at, { short: true }))}</time><strong>${e(h.text)}</strong>${h.quote ? `<blockquote>${e(h.quote)}</blockquote>` : ""}</li>`,
    )
    .join("")}</ol>`;
  const proposal = view.proposal
    ? `<section class="card offer" aria-labelledby="offer-h"><h2 id="offer-h">The time we offered</h2><p class="headline">${e(view.proposal.label)}</p>${view.proposal.message ? `<blockquote>${e(view.proposal.message)}</blockquote>` : ""}${view.can.accept ? `<p class="actions">${link(stepUrl(token, "accept"), "Accept this time", "primary")}${view.can.reschedule ? link(stepUrl(token, "reschedule"), "Ask for another time", "outline") : ""}</p>` : ""}</section>`
    : "";
  const buttons: string[] = [];
  if (view.can.reschedule && !view.proposal)
    buttons.push(link(stepUrl(token, "reschedule"), "Ask for another time"));
  if (view.can.message) buttons.push(link(stepUrl(token, "message"), "Send us a message", "outline"));
  if (view.can.cancel) {
    buttons.push(
      link(
        stepUrl(token, "cancel"),
        view.appointment ? "Cancel my appointment" : "Cancel my request",
        "outline",
      ),
    );
  }
  const late = view.late
    ? `<p class="note">Your appointment is less than ${site.booking.changeCutoffHours} hours away, so it can no longer be changed or cancelled online. To change it, please call us on ${phoneLink()}.</p>`
    : "";
  const actions = view.closed
    ? `<p>This request is closed, so it cannot be changed here. To talk about it, call us on ${phoneLink()}.</p>`
    : `${late}${view.can.reschedule ? `<p class="muted">Changes to a confirmed appointment can be made here up to ${site.booking.changeCutoffHours} hours before it starts.</p>` : ""}${buttons.length ? `<p class="actions">${buttons.join("")}</p>` : ""}`;
  const title = view.request.formType === "booking" ? "Your booking request" : "Your message to us";
  return layout(
    banner ? `${banner.heading}: your request ${view.reference}` : `Your request ${view.reference}`,
    `${heading(view.reference, title)}
${bannerCard(banner)}
<section class="card status${view.closed ? " closed" : ""}" aria-labelledby="status-h"><h2 id="status-h">Where it is now</h2><p class="headline">${e(view.status.headline)}</p><p>${e(view.status.detail)}</p>${view.appointment ? `<p class="actions"><a class="button outline" href="${e(calendarUrl(token))}" download>Add to calendar</a></p><p class="hint">A calendar file (.ics) for your phone or computer's calendar.</p>` : ""}</section>
${view.quote ? quoteCard(view.quote, pageUrl(token), { ...view.quoteForm, cardPayments: view.cardPayments ?? false, checkoutOrigin: view.checkoutOrigin, ...(quoteProblem ? { problem: quoteProblem } : {}) }) : ""}
${invoicesCard(view.invoices ?? null, { token, cardPayments: view.cardPayments ?? false, checkoutOrigin: view.checkoutOrigin })}
${proposal}
<section class="card" aria-labelledby="actions-h"><h2 id="actions-h">What you can do</h2>${actions}</section>
${galleryConsentCard(view.galleryConsent, pageUrl(token), view.quoteForm.nonce)}
<section class="card" aria-labelledby="history-h"><h2 id="history-h">What has happened</h2>${history}</section>
<section class="card" aria-labelledby="sent-h"><h2 id="sent-h">What you sent</h2>${sent}</section>`,
  );
}

export interface FormState {
  /** The one-time key the form posts. */
  nonce: string;
  /** Field → message. */
  problems?: Record<string, string>;
  /** What was typed, to show again. */
  values?: Record<string, unknown>;
}

function problemsBox(problems: Record<string, string> | undefined): string {
  const list = Object.entries(problems ?? {});
  if (list.length === 0) return "";
  return `<section class="card problems" role="alert" aria-labelledby="problems-h"><h2 id="problems-h">Please check the form</h2><ul>${list
    .map(([field, message]) => `<li><strong>${e(fieldLabel(field))}:</strong> ${e(message)}</li>`)
    .join("")}</ul></section>`;
}

const valueOf = (values: Record<string, unknown> | undefined, key: string) =>
  typeof values?.[key] === "string" ? values[key] : "";

const fieldError = (id: string, message: string | undefined) =>
  message ? `<p class="field-error" id="${id}-error">${e(message)}</p>` : "";

const invalid = (id: string, message: string | undefined) =>
  message ? ` aria-invalid="true" aria-describedby="${id}-error"` : "";

/** Up to three dates (those we can still do) with an arrival window each. */
function optionFields(dates: readonly { date: string; label: string }[], form: FormState): string {
  // No date is chosen yet: each window with its times on every working day, from the config.
  const windows = windowChoicesAnyDay().map(({ window: w, label }) => ({
    w,
    label: label.charAt(0).toUpperCase() + label.slice(1),
  }));
  return [1, 2, 3]
    .map((n) => {
      const date = valueOf(form.values, `option${n}Date`);
      const window = valueOf(form.values, `option${n}Window`) || "any";
      const problem =
        form.problems?.[`option${n}`] ?? (n === 1 ? form.problems?.["preferredOptions"] : undefined);
      const legend =
        n === 1 ? "First choice" : n === 2 ? "Second choice (optional)" : "Third choice (optional)";
      return `<fieldset><legend>${legend}</legend><div class="pair"><div><label for="option${n}Date">Date</label><select id="option${n}Date" name="option${n}Date"${n === 1 ? " required" : ""}${invalid(`option${n}Date`, problem)}><option value="">Choose a date</option>${dates
        .map(
          (d) => `<option value="${e(d.date)}"${d.date === date ? " selected" : ""}>${e(d.label)}</option>`,
        )
        .join(
          "",
        )}</select>${fieldError(`option${n}Date`, problem)}</div><div><label for="option${n}Window">Arrival time</label><select id="option${n}Window" name="option${n}Window">${windows
        .map((o) => `<option value="${o.w}"${o.w === window ? " selected" : ""}>${e(o.label)}</option>`)
        .join("")}</select></div></div></fieldset>`;
    })
    .join("");
}

/** An action's confirmation step: what will happen, and the form that does it. */
export function actionPage(
  view: CustomerPageView,
  token: string,
  action: CustomerAction,
  form: FormState,
  dates: readonly { date: string; label: string }[] = [],
): string {
  const fields = `<input type="hidden" name="action" value="${action}"><input type="hidden" name="nonce" value="${e(form.nonce)}">`;
  const open = `<form method="post" action="${e(pageUrl(token))}">${fields}`;
  const back = backTo(token);
  let title: string;
  let body: string;
  switch (action) {
    case "accept":
      title = "Accept this time";
      body = `<p>We will come on <strong>${e(view.proposal?.label ?? "")}</strong>. Once you confirm, we will e-mail you the confirmation with a calendar file.</p>${open}<p class="actions"><button class="button primary" type="submit">Yes, book this time</button>${back}</p></form>`;
      break;
    case "reschedule": {
      title = "Ask for another time";
      const keep = view.appointment
        ? ` Your confirmed appointment (${e(view.appointment.label)}) stays as it is until we confirm a new time.`
        : view.proposal
          ? " The time we offered will be withdrawn."
          : "";
      body = `<p>Choose up to three dates and arrival times that suit you. We will confirm one of them, or suggest another, within ${site.response.confirmWithinHours} hours.${keep}</p>${open}${optionFields(dates, form)}<p class="actions"><button class="button primary" type="submit">Send these times</button>${back}</p></form>`;
      break;
    }
    case "message": {
      title = "Send us a message";
      const problem = form.problems?.["message"];
      body = `<p>Add a detail or ask a question. It goes with your request, and we will reply by e-mail or phone.</p>${open}<label for="message">Your message</label><textarea id="message" name="message" maxlength="${customerMessageMax}" required aria-describedby="message-hint${problem ? " message-error" : ""}"${problem ? ' aria-invalid="true"' : ""}>${e(valueOf(form.values, "message"))}</textarea><p class="hint" id="message-hint">Up to ${customerMessageMax} characters.</p>${fieldError("message", problem)}<p class="actions"><button class="button primary" type="submit">Send message</button>${back}</p></form>`;
      break;
    }
    case "cancel": {
      title = view.appointment ? "Cancel your appointment" : "Cancel your request";
      const what = view.appointment
        ? `Your appointment on <strong>${e(view.appointment.label)}</strong> and your request will be cancelled.`
        : "Your request will be cancelled.";
      const problem = form.problems?.["reason"];
      body = `<p>${what} We will e-mail you to confirm.</p>${open}<label for="reason">Reason (optional)</label><textarea id="reason" name="reason" maxlength="${customerReasonMax}"${invalid("reason", problem)}>${e(valueOf(form.values, "reason"))}</textarea>${fieldError("reason", problem)}<p class="actions"><button class="button danger" type="submit">Yes, cancel</button>${back}</p></form>`;
      break;
    }
  }
  return layout(
    title,
    `${heading(view.reference, title)}${problemsBox(form.problems)}<section class="card">${body}</section>`,
  );
}

/** The confirmation step of declining or cancelling the quote. */
export function quoteStepPage(
  view: CustomerPageView,
  token: string,
  step: QuoteStep,
  form: FormState,
): string {
  const { title, body } = quoteStepBody(
    view.quote!,
    step,
    pageUrl(token),
    {
      nonce: form.nonce,
      reason: valueOf(form.values, "reason"),
      ...(form.problems?.["reason"] ? { problem: form.problems["reason"] } : {}),
    },
    { appointment: view.appointment?.label ?? null },
  );
  return layout(
    title,
    `${heading(view.reference, title)}${problemsBox(form.problems)}<section class="card">${body}</section>`,
  );
}

/** A short page with one message and a way on. */
export function messagePage(title: string, message: string, back: { href: string; label: string }): string {
  return layout(
    title,
    `<h1>${e(title)}</h1><section class="card"><p>${e(message)}</p><p class="actions">${link(back.href, back.label)}</p></section>`,
    callUs(),
  );
}

/** The one answer for a wrong, expired or other request's link. */
export function notFoundPage(): string {
  return layout(
    "Link not found",
    `<h1>This link does not work</h1><section class="card"><p>The link may be incomplete (please copy all of it from the e-mail), or it no longer works: a link stops working after ${linkIdleDays} days unused, ${linkLifetimeAfterCloseDays} days after its request is closed (or after it was sent, if later), or once a newer link has been asked for.</p><p>We can send you a new link to your request. Or call us on ${phoneLink()}.</p><p class="actions">${link(`${requestPagePath}/lost`, "Send me a new link", "primary")}${link("/", "Home page", "outline")}</p></section>`,
    callUs(),
  );
}

export function lostLinkPage(form: { problem?: string; email?: string } = {}): string {
  const title = "Get a new link to your request";
  return layout(
    title,
    `<h1>${title}</h1>${form.problem ? problemsBox({ email: form.problem }) : ""}<section class="card"><p>Enter the e-mail address you used on our form. If we have a request from it, we will e-mail you a new private link to each one, including requests that are closed.</p><form method="post" action="${requestPagePath}/lost"><label for="email">Your e-mail address</label><input type="email" id="email" name="email" autocomplete="email" required maxlength="254" value="${e(form.email ?? "")}"${invalid("email", form.problem)}>${fieldError("email", form.problem)}<p class="actions"><button class="button primary" type="submit">Send me a link</button></p></form></section>`,
    callUs(),
  );
}

/** The same words whether or not the address is known. */
export function lostLinkAnswerPage(): string {
  return messagePage(
    "Check your e-mail",
    "If we have a request from that address, we have sent it a new link to each one. It can take a few minutes to arrive; please look in your spam folder too.",
    { href: "/", label: "Back to the home page" },
  );
}
