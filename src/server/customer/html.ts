/**
 * The customer's page as server-rendered HTML (docs/decisions/019-customer-page.md): no script at
 * all, one small stylesheet served by the same function (`/request/page.css`, so the CSP can forbid
 * inline styles), the site's colours and type. Everything interpolated is escaped.
 *
 * Every action is two steps: a button on the page opens the action's own page (a GET, which changes
 * nothing), whose form POSTs the change with a one-time nonce.
 */
import { site } from "../../config/site";
import { addDays } from "../../lib/appointments/dates";
import { windowName, windowIds } from "../../lib/appointments/windows";
import { escapeHtml as e } from "../http/html-page";
import { dateInZone } from "../appointments/window-instants";
import type { CustomerAction } from "./mail";
import { messageMax, reasonMax, type ActionOutcome, type CustomerPageView } from "./service";
import { requestPagePath } from "./link-url";

export const stylesheetPath = `${requestPagePath}/page.css`;

/** Served at `/request/page.css`; the pages link it with `referrerpolicy="no-referrer"`. */
export const stylesheet = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2937;background:#f8fafc;line-height:1.6}
a{color:#233f6f}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:1}
header{background:#132340;color:#fff}
header .inner,footer .inner{max-width:48rem;margin:0 auto;padding:1rem 1.25rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between}
header a{color:#fff;font-weight:700;text-decoration:none;font-size:1.1rem}
header .phone{color:#fdd88a;font-weight:600}
main{max-width:48rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem;color:#132340}
h2{font-size:1.2rem;margin:0 0 .75rem;color:#132340}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;margin:0 0 1.25rem;box-shadow:0 1px 2px rgb(0 0 0/.05)}
.status{border-left:6px solid #2c4f8a}
.status .headline{font-size:1.25rem;font-weight:700;color:#132340;margin:0}
.ref{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-weight:700;letter-spacing:.02em}
dl{margin:0;display:grid;grid-template-columns:minmax(7rem,11rem) 1fr;gap:.5rem 1rem}
dt{color:#475569;font-weight:600}
dd{margin:0;white-space:pre-line;overflow-wrap:anywhere}
@media (max-width:30rem){dl{grid-template-columns:1fr;gap:.1rem}dd{margin-bottom:.5rem}}
ol.history{list-style:none;margin:0;padding:0}
ol.history li{padding:.6rem 0;border-top:1px solid #e2e8f0}
ol.history li:first-child{border-top:0}
time{color:#475569;font-size:.95rem;display:block}
blockquote{margin:.25rem 0 0;padding:.25rem .75rem;border-left:3px solid #b3c8e6;white-space:pre-line;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
.button,button{display:inline-block;min-height:44px;padding:.65rem 1.2rem;border-radius:.5rem;border:2px solid #233f6f;background:#233f6f;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button.secondary,button.secondary{background:#fff;color:#233f6f}
.button.danger,button.danger{background:#b91c1c;border-color:#b91c1c}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,select,textarea{font:inherit;width:100%;max-width:32rem;padding:.55rem .7rem;border:1px solid #64748b;border-radius:.4rem;background:#fff;color:#1f2937}
textarea{min-height:8rem}
fieldset{border:1px solid #e2e8f0;border-radius:.5rem;margin:0 0 1rem;padding:.5rem 1rem 1rem}
legend{font-weight:700;padding:0 .25rem}
.hint{color:#475569;font-size:.95rem;margin:.25rem 0}
.problems{border:2px solid #b91c1c;border-radius:.5rem;padding:.75rem 1rem;background:#fef2f2}
.problems h2{color:#b91c1c}
.note{background:#fff8eb;border:1px solid #fcbf4d;border-radius:.5rem;padding:.75rem 1rem}
footer{border-top:1px solid #e2e8f0;color:#475569;font-size:.95rem}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${e(title)} | ${e(site.name)}</title>
<link rel="stylesheet" href="${stylesheetPath}" referrerpolicy="no-referrer">
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header><div class="inner"><a href="/" rel="noreferrer">${e(site.name)}</a><a class="phone" href="tel:${e(site.phone.e164)}">${e(site.phone.display)}</a></div></header>
<main id="main">
${body}
</main>
<footer><div class="inner"><p>This page is private to you: anyone with its link can see it, so please do not share it. Questions? Call <a href="tel:${e(site.phone.e164)}">${e(site.phone.display)}</a>.</p></div></footer>
</body>
</html>
`;
}

const pageUrl = (token: string) => `${requestPagePath}/${token}`;
const actionUrl = (token: string, action: CustomerAction) => `${pageUrl(token)}/${action}`;

const dateTime = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Europe/London",
});

const actionButtons: Record<CustomerAction, { label: string; style: string }> = {
  accept: { label: "Accept this time", style: "" },
  reschedule: { label: "Ask for another time", style: " secondary" },
  message: { label: "Send us a message", style: " secondary" },
  cancel: { label: "Cancel my request", style: " danger" },
};

const phoneLine = () => `<a href="tel:${e(site.phone.e164)}">${e(site.phone.display)}</a>`;

export function requestPage(view: CustomerPageView, token: string): string {
  const { request: r } = view;
  const sent = `<dl>${view.sent.map((s) => `<dt>${e(s.label)}</dt><dd>${e(s.value)}</dd>`).join("")}</dl>`;
  const history = view.history.length
    ? `<ol class="history">${view.history
        .map(
          (h) =>
            `<li><time datetime="${e(h.at.toISOString())}">${e(dateTime.format(h.at))}</time>${e(h.text)}${h.quote ? `<blockquote>${e(h.quote)}</blockquote>` : ""}</li>`,
        )
        .join("")}</ol>`
    : "<p>Nothing yet.</p>";
  const proposal = view.proposal
    ? `<section class="card" aria-labelledby="proposal-h"><h2 id="proposal-h">The time we offered</h2><p class="headline"><strong>${e(view.proposal.label)}</strong></p>${view.proposal.message ? `<blockquote>${e(view.proposal.message)}</blockquote>` : ""}${view.can.accept ? `<p class="actions"><a class="button" href="${e(actionUrl(token, "accept"))}">${actionButtons.accept.label}</a></p>` : ""}</section>`
    : "";
  const available = (["reschedule", "message", "cancel"] as const).filter((a) => view.can[a]);
  const late = view.late
    ? `<p class="note">Your appointment is less than ${site.booking.changeCutoffHours} hours away, so it can no longer be changed or cancelled online. Please call us on ${phoneLine()}.</p>`
    : "";
  const actions = view.closed
    ? `<p>This request is closed, so it cannot be changed here. To talk about it, call us on ${phoneLine()}.</p>`
    : `${late}${available.length ? `<p class="actions">${available.map((a) => `<a class="button${actionButtons[a].style}" href="${e(actionUrl(token, a))}">${a === "cancel" && view.appointment ? "Cancel my appointment" : actionButtons[a].label}</a>`).join("")}</p>` : ""}`;
  return layout(
    `Your request ${view.reference}`,
    `<p>Your request <span class="ref">${e(view.reference)}</span></p>
<h1>${e(r.formType === "booking" ? "Your booking request" : "Your message to us")}</h1>
<section class="card status" aria-labelledby="status-h"><h2 id="status-h">Where it is now</h2><p class="headline">${e(view.status.headline)}</p><p>${e(view.status.detail)}</p></section>
${proposal}
<section class="card" aria-labelledby="actions-h"><h2 id="actions-h">What you can do</h2>${actions}</section>
<section class="card" aria-labelledby="history-h"><h2 id="history-h">What has happened</h2>${history}</section>
<section class="card" aria-labelledby="sent-h"><h2 id="sent-h">What you sent</h2>${sent}</section>`,
  );
}

function problemsBox(problems: ReadonlyArray<{ label: string; message: string }> | undefined): string {
  if (!problems?.length) return "";
  return `<div class="problems" role="alert"><h2>Please check the form</h2><ul>${problems.map((p) => `<li><strong>${e(p.label)}:</strong> ${e(p.message)}</li>`).join("")}</ul></div>`;
}

export interface FormState {
  nonce: string;
  problems?: ReadonlyArray<{ label: string; message: string }>;
  values?: Record<string, string>;
}

function optionFields(values: Record<string, string>): string {
  const today = dateInZone(new Date());
  const min = addDays(today, 1);
  return [1, 2, 3]
    .map((n) => {
      const date = values[`option${n}Date`] ?? "";
      const window = values[`option${n}Window`] ?? "any";
      return `<fieldset><legend>${n === 1 ? "Time 1" : `Time ${n} (optional)`}</legend>
<label for="option${n}Date">Date</label><input type="date" id="option${n}Date" name="option${n}Date" min="${e(min)}" value="${e(date)}"${n === 1 ? " required" : ""}>
<label for="option${n}Window">Arrival</label><select id="option${n}Window" name="option${n}Window">${windowIds
        .map((w) => `<option value="${w}"${w === window ? " selected" : ""}>${e(windowName(w))}</option>`)
        .join("")}</select></fieldset>`;
    })
    .join("");
}

/** The confirmation step for one action: what will happen, and the form that does it. */
export function actionPage(
  view: CustomerPageView,
  token: string,
  action: CustomerAction,
  form: FormState,
): string {
  const values = form.values ?? {};
  const hidden = `<input type="hidden" name="nonce" value="${e(form.nonce)}">`;
  const back = `<a class="button secondary" href="${e(pageUrl(token))}">Back to your request</a>`;
  let title: string;
  let body: string;
  switch (action) {
    case "accept":
      title = "Accept this time";
      body = `<p>We will come on <strong>${e(view.proposal?.label ?? "")}</strong>. We will e-mail you the confirmation with a calendar file.</p>
<form method="post" action="${e(actionUrl(token, action))}">${hidden}<p class="actions"><button type="submit">Yes, book this time</button>${back}</p></form>`;
      break;
    case "reschedule":
      title = "Ask for another time";
      body = `<p>Give us up to three dates and arrival windows that suit you. We will confirm one, or suggest another.${view.appointment ? ` Your confirmed appointment (${e(view.appointment.label)}) stays as it is until we confirm a new time.` : ""}</p>
<form method="post" action="${e(actionUrl(token, action))}" novalidate>${hidden}${optionFields(values)}<p class="actions"><button type="submit">Send these times</button>${back}</p></form>`;
      break;
    case "message":
      title = "Send us a message";
      body = `<p>Add a detail or ask a question; it goes with your request, and we will reply by e-mail or phone.</p>
<form method="post" action="${e(actionUrl(token, action))}">${hidden}<label for="message">Your message</label><textarea id="message" name="message" maxlength="${messageMax}" required>${e(values["message"] ?? "")}</textarea><p class="hint">Up to ${messageMax} characters.</p><p class="actions"><button type="submit">Send message</button>${back}</p></form>`;
      break;
    case "cancel":
      title = view.appointment ? "Cancel your appointment" : "Cancel your request";
      body = `<p>${view.appointment ? `Your appointment on <strong>${e(view.appointment.label)}</strong> and your request will be cancelled.` : "Your request will be cancelled."} We will e-mail you to confirm.</p>
<form method="post" action="${e(actionUrl(token, action))}">${hidden}<label for="reason">Reason (optional)</label><textarea id="reason" name="reason" maxlength="${reasonMax}">${e(values["reason"] ?? "")}</textarea><p class="actions"><button type="submit" class="danger">Yes, cancel</button>${back}</p></form>`;
      break;
  }
  return layout(
    title,
    `<p>Your request <span class="ref">${e(view.reference)}</span></p><h1>${e(title)}</h1>${problemsBox(form.problems)}<section class="card">${body}</section>`,
  );
}

export function donePage(token: string, outcome: ActionOutcome): string {
  return layout(
    outcome.heading,
    `<h1>${e(outcome.heading)}</h1><section class="card" role="status"><p>${e(outcome.message)}</p><p class="actions"><a class="button" href="${e(pageUrl(token))}">Back to your request</a></p></section>`,
  );
}

export function messagePage(title: string, message: string, back?: { href: string; label: string }): string {
  return layout(
    title,
    `<h1>${e(title)}</h1><section class="card"><p>${e(message)}</p>${back ? `<p class="actions"><a class="button" href="${e(back.href)}">${e(back.label)}</a></p>` : ""}</section>`,
  );
}

/** The one answer for a wrong, expired or other request's token. */
export function notFoundPage(): string {
  return layout(
    "Link not found",
    `<h1>This link does not work</h1><section class="card"><p>The link may be mistyped, or it has expired (links stop working ${30} days after a request is closed).</p><p class="actions"><a class="button" href="${requestPagePath}/lost">Send me a new link</a><a class="button secondary" href="/">Home page</a></p><p>Or call us on ${phoneLine()}.</p></section>`,
  );
}

export function lostLinkPage(
  form: { problems?: ReadonlyArray<{ label: string; message: string }>; email?: string } = {},
): string {
  return layout(
    "Get a new link to your request",
    `<h1>Get a new link to your request</h1>${problemsBox(form.problems)}<section class="card"><p>Enter the e-mail address you used on our form. If we have an open request from it, we will e-mail you a new private link to each one.</p>
<form method="post" action="${requestPagePath}/lost"><label for="email">Your e-mail address</label><input type="email" id="email" name="email" autocomplete="email" required maxlength="254" value="${e(form.email ?? "")}"><p class="actions"><button type="submit">Send me a link</button></p></form></section>`,
  );
}

/** The same words whether or not the address is known. */
export function lostLinkAnswerPage(): string {
  return messagePage(
    "Check your e-mail",
    "If we have an open request from that address, we have sent it a new link. It can take a few minutes to arrive; please check your spam folder too.",
    { href: "/", label: "Back to the home page" },
  );
}
