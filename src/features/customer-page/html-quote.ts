/**
 * The quote on the customer's page as HTML (docs/decisions/031-quote-acceptance-page.md): its
 * lines, the optional lines as boxes, the totals for the boxes ticked, the deposit and valid-until
 * date, every piece of pre-contract information before the button, the unticked express-start box
 * and the button that states the amount; once accepted, what was agreed and until when it can be
 * cancelled. Plain POST forms: without JavaScript, "Update the total" posts the ticks and the page
 * comes back with the new total on the button; a post whose button showed another total than the
 * ticks make is refused and shown again. Everything interpolated is escaped; the words come from
 * the view (./quote-view.ts, from src/data/consumer-rights.ts).
 */
import { allowFormTarget, shippedScript } from "../../platform/http/page-scripts";
import { percentToHundredths } from "../billing/contract";
import { quoteTotalScript } from "./quote-total.generated";
import { escapeHtml as e } from "../../platform/http/html-page";
import { optionFieldPrefix, type QuoteStep } from "./contract/endpoints";
import { quoteLimits } from "../quotes/contract";
import type { QuoteOnPage, QuotePageLine } from "./quote-view";

/** The quote's own styles, added to the page's stylesheet (./html.ts). */
export const quoteStyles = `
[hidden]{display:none!important}
.quote{padding:0;overflow:hidden}
.skip-caption{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.quote .in{padding:1.25rem}
@media (min-width:40rem){.quote .in{padding:1.5rem 1.75rem}}
.quote .in+.in{border-top:1px solid #e2e8f0}
.quote form{margin:0}
.quote .in>:first-child{margin-top:0}
.quote .in>:last-child{margin-bottom:0}
.quote-head{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:.5rem 1.5rem;background:#132340;color:#e2e8f0;padding:1.25rem}
@media (min-width:40rem){.quote-head{padding:1.5rem 1.75rem}}
.quote-head h2{color:#fff;margin:.15rem 0 0;font-size:1.375rem}
.quote-head .eyebrow{color:#cbd5e1}
.quote-head .ref{color:#fcd34d}
.quote-head p{margin:0}
.quote-head .valid{font-size:.9375rem;text-align:right}
.quote-head .valid strong{color:#fff;display:block}
@media (max-width:32rem){.quote-head .valid{text-align:left}}
table.lines{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
table.lines th{font-size:.8rem;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:#475569;text-align:left;padding:0 .5rem .5rem 0;border-bottom:2px solid #e2e8f0}
table.lines td{padding:.7rem .5rem .7rem 0;border-bottom:1px solid #e2e8f0;vertical-align:top;color:#1e293b;overflow-wrap:anywhere}
table.lines .num{text-align:right;white-space:nowrap;padding-right:0;padding-left:.75rem}
table.lines .calc{display:none;color:#475569;font-size:.9rem}
table.lines tr.left-out td{color:#64748b}
table.lines .tag{display:inline-block;margin-left:.35rem;font-size:.75rem;font-weight:600;border-radius:999px;padding:0 .5rem;background:#eef3fa;color:#233f6f;white-space:nowrap}
@media (max-width:32rem){table.lines .wide{display:none}table.lines .calc{display:block}}
.options{margin:1.25rem 0 0;padding:.25rem 1rem 1rem;background:#f8fafc}
.option{display:flex;gap:.75rem;align-items:flex-start;padding:.7rem 0;border-bottom:1px solid #e2e8f0}
.option:last-of-type{border-bottom:0}
.option input,.check input{width:1.35rem;height:1.35rem;margin:.2rem 0 0;flex:none;accent-color:#1b3157}
.option label{margin:0;font-weight:500;flex:1;display:flex;justify-content:space-between;gap:1rem}
.option label>span:first-child{flex:1;min-width:0;overflow-wrap:anywhere}
.option .num{font-variant-numeric:tabular-nums;white-space:nowrap;color:#1e293b;font-weight:600}
.option .calc{display:block;color:#475569;font-size:.9rem;font-weight:400}
dl.sums{grid-template-columns:1fr auto;gap:.35rem 0;margin:1.25rem 0 0;font-variant-numeric:tabular-nums}
dl.sums dd{padding-left:1rem}
dl.sums dt{font-weight:500}
dl.sums dd{text-align:right;margin:0}
dl.sums .total{font-size:1.25rem;font-weight:800;color:#132340;border-top:2px solid #132340;padding-top:.5rem;margin-top:.25rem}
@media (max-width:32rem){dl.sums{grid-template-columns:1fr auto}dl.sums dd{margin:0}}
.terms{font-size:.9375rem}
.terms h3{font-size:1.0625rem;color:#132340;margin:0 0 .25rem}
.terms h4{font-size:.9375rem;color:#132340;margin:1.1rem 0 .25rem}
.terms p{margin:.35rem 0}
.terms .form-model{border:1px dashed #94a3b8;border-radius:.5rem;padding:.25rem .9rem .6rem;margin-top:.5rem;background:#fff}
.terms .form-model h4{margin-top:.6rem}
.check{display:flex;gap:.75rem;align-items:flex-start;background:#fff8eb;border:1px solid #fcbf4d;border-radius:.5rem;padding:.85rem 1rem;margin:0 0 1rem}
.check label{margin:0;font-weight:500}
.accept .button.primary{font-size:1.0625rem;min-height:3.25rem}
.agreed{font-size:1.0625rem;color:#1e293b}
details.more{margin:0}
details.more summary{cursor:pointer;font-weight:600;color:#233f6f}
details.more[open] summary{margin-bottom:.75rem}
.cancel-box{border-left:6px solid #15803d;background:#f0fdf4;border-radius:.5rem;padding:.85rem 1rem}
.cancel-box h3{margin:0 0 .25rem;font-size:1.0625rem;color:#14532d}
.cancel-box p{margin:.25rem 0}
`;

/**
 * The page's one script (allowed by its hash, src/platform/http/response.ts), for a browser with
 * JavaScript; the form works the same without it. It works the totals out as the boxes are ticked
 * with the billing core's own sums and the one money module (./browser/quote-total.ts, bundled by
 * Vite into ./quote-total.generated.ts), so the page shows the figures the server stores: VAT per
 * rate on that rate's net total rounded down, a percentage deposit to the nearest penny. Static
 * text: its hash changes only when the bundle does.
 */
export const quoteScript = shippedScript(quoteTotalScript);

/** A section of legal wording (src/data/consumer-rights.ts): a heading and its paragraphs. */
interface RightsSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

/** A section of legal wording: a heading and its paragraphs. */
function section(s: RightsSection, model = false): string {
  const body = s.paragraphs.map((p) => `<p>${e(p)}</p>`).join("");
  return model
    ? `<div class="form-model"><h4>${e(s.heading)}</h4>${body}</div>`
    : `<h4>${e(s.heading)}</h4>${body}`;
}

/** The pre-contract information, the model form last in its own box. */
function termsBlock(terms: readonly RightsSection[]): string {
  return terms.map((s, i) => section(s, i === terms.length - 1)).join("");
}

/** A line's VAT rate in hundredths of a percent (0 without VAT), for the script's sums. */
const rateHundredths = (l: QuotePageLine) => percentToHundredths(l.vatRateValue ?? 0);

/** One row of the lines table. */
function lineRow(l: QuotePageLine, vat: boolean, accepted: boolean): string {
  const tag = l.optional
    ? `<span class="tag">${accepted ? (l.chosen ? "Optional: chosen" : "Optional: not chosen") : "Optional"}</span>`
    : "";
  return `<tr${l.optional && !l.chosen ? ' class="left-out"' : ""}><td>${e(l.description)}${tag}<span class="calc">${e(l.quantity)} × ${e(l.unitPrice)}${vat && l.vatRate ? `, VAT ${e(l.vatRate)}` : ""}</span></td><td class="num wide">${e(l.quantity)}</td><td class="num wide">${e(l.unitPrice)}</td>${vat ? `<td class="num wide">${e(l.vatRate ?? "")}</td>` : ""}<td class="num">${e(l.amount)}</td></tr>`;
}

function linesTable(q: QuoteOnPage, rows: readonly QuotePageLine[], accepted = false): string {
  const vat = q.vatRegistered;
  return `<table class="lines"><caption class="skip-caption">The work in ${e(q.title)}</caption><thead><tr><th scope="col">Work</th><th scope="col" class="num wide">Qty</th><th scope="col" class="num wide">Unit price</th>${vat ? '<th scope="col" class="num wide">VAT</th>' : ""}<th scope="col" class="num">Amount</th></tr></thead><tbody>${rows
    .map((l) => lineRow(l, vat, accepted))
    .join("")}</tbody></table>`;
}

function sums(q: QuoteOnPage, totalLabel: string): string {
  const vatRows = q.vatRegistered
    ? `<dt>Net</dt><dd>${e(q.sums.net)}</dd>${q.sums.vat.map((v) => `<dt>${e(v.label)}</dt><dd>${e(v.amount)}</dd>`).join("")}`
    : "";
  const deposit = q.sums.deposit
    ? `<dt>Deposit, due before the work starts</dt><dd>${e(q.sums.deposit)}</dd>`
    : "";
  return `<dl class="sums" id="quote-total" data-label="${e(totalLabel)}">${vatRows}<dt class="total">${e(totalLabel)}</dt><dd class="total">${e(q.sums.total)}</dd>${deposit}</dl>`;
}

function head(q: QuoteOnPage, heading: string): string {
  return `<div class="quote-head"><div><p class="eyebrow">Quote <span class="ref">${e(q.reference)}</span></p><h2 id="quote-h">${e(heading)}</h2></div><p class="valid">${q.state.kind === "open" ? `Valid until<strong>${e(q.validUntil)}</strong>` : q.sentOn ? `Sent<strong>${e(q.sentOn)}</strong>` : ""}</p></div>`;
}

const noteBlock = (q: QuoteOnPage) => (q.note ? `<blockquote>${e(q.note)}</blockquote>` : "");

export interface QuoteFormState {
  nonce: string;
  /** Today (London), the day the terms were shown for. */
  day: string;
  /** What to fix, when a post was refused: shown above the button. */
  problem?: string;
  /** Card payments are on: a quote with a deposit also offers "Accept and pay the £D deposit". */
  cardPayments?: boolean;
  /** Stripe's Checkout origin, where "Accept and pay" redirects (allowed by the page's CSP). */
  checkoutOrigin?: string | null | undefined;
}

/**
 * "Accept and pay the £D deposit": the same acceptance (the same form, total and terms) and then
 * the deposit's card payment. The plain button keeps the law's wording (agree to pay the total).
 */
function payDepositButton(q: QuoteOnPage, form: QuoteFormState): string {
  if (!form.cardPayments || !q.depositTerm) return "";
  return `<button class="button secondary" type="submit" name="action" value="accept-and-pay" data-prefix="Accept and pay the " data-suffix=" deposit"${q.sums.deposit ? "" : " hidden"}>Accept and pay the ${e(q.sums.deposit ?? "")} deposit</button>`;
}

/**
 * The quote card. `open`: the form with the ticks, the terms, the express-start box and the
 * button; `accepted`: what was agreed and the way to cancel (or why not); closed: why.
 */
export function quoteCard(q: QuoteOnPage, pageUrl: string, form: QuoteFormState): string {
  const state = q.state;
  if (state.kind === "closed") {
    return `<section class="card quote" id="quote" aria-labelledby="quote-h">${head(q, state.headline)}<div class="in"><p>${e(state.message)}</p><details class="more"><summary>See the quote</summary>${linesTable(q, [...q.lines, ...q.options])}${sums(q, "Total")}</details></div></section>`;
  }
  if (state.kind === "accepted") {
    const cancel = state.cancel.open
      ? `<div class="cancel-box"><h3>Changed your mind?</h3><p>You can cancel until the end of <strong>${e(state.cancel.until)}</strong>. We will e-mail you to confirm we have received it.</p>${state.cancel.owed ? `<p>${e(state.cancel.owed)}</p>` : ""}<p class="actions"><a class="button outline" href="${e(`${pageUrl}?step=cancel-quote`)}">Cancel</a></p></div>`
      : `<p class="note">${e(state.cancel.why)}</p>`;
    return `<section class="card quote" id="quote" aria-labelledby="quote-h">${head(q, "Your accepted quote")}<div class="in"><p class="agreed">You accepted this quote on ${e(state.at)} and agreed to pay <strong>${e(q.sums.total)}</strong>.</p>${noteBlock(q)}${linesTable(q, [...q.lines, ...q.options], true)}${sums(q, "Total agreed")}<p>${e(state.expressStart)}</p>${state.workStart ? `<p class="work-start" data-testid="work-start"><strong>${e(state.workStart)}</strong></p>` : ""}</div><div class="in">${cancel}</div><div class="in terms"><details class="more"><summary>Your cancellation rights and our terms</summary>${termsBlock(q.terms)}</details></div></section>`;
  }
  const hidden = `<input type="hidden" name="nonce" value="${e(form.nonce)}"><input type="hidden" name="quote" value="${q.id}"><input type="hidden" name="total" value="${q.sums.totalPence}"><input type="hidden" name="day" value="${e(form.day)}">`;
  const options = q.options.length
    ? `<fieldset class="options"><legend>Optional extras</legend><p class="hint">Tick any you would like. The total and the button below count only the extras ticked.</p>${q.options
        .map(
          (l) =>
            `<div class="option"><input type="checkbox" id="${optionFieldPrefix}${l.id}" name="${optionFieldPrefix}${l.id}" value="yes"${l.chosen ? " checked" : ""} data-net="${l.netPence}" data-rate="${rateHundredths(l)}"><label for="${optionFieldPrefix}${l.id}"><span>${e(l.description)}<span class="calc">${e(l.quantity)} × ${e(l.unitPrice)}${q.vatRegistered && l.vatRate ? ` + VAT at ${e(l.vatRate)}` : ""}</span></span><span class="num">${e(l.amount)}</span></label></div>`,
        )
        .join(
          "",
        )}<p class="actions"><button class="button outline" type="submit" name="action" value="update-total">Update the total</button></p></fieldset>`
    : "";
  const early = q.urgentRepair
    ? ""
    : `<div class="check"><input type="checkbox" id="expressStart" name="expressStart" value="yes"${q.expressStartTicked ? " checked" : ""}><label for="expressStart">${e(q.expressStartText)}</label></div>`;
  const problem = form.problem
    ? `<p class="field-error" role="alert" id="accept-error">${e(form.problem)}</p>`
    : "";
  return `<section class="card quote" id="quote" aria-labelledby="quote-h">${head(q, "Your quote")}<form method="post" action="${e(pageUrl)}#quote" class="accept"${form.cardPayments && q.depositTerm && form.checkoutOrigin ? ` data-redirects-to="${e(allowFormTarget(form.checkoutOrigin))}"` : ""} data-vat="${q.vatRegistered ? 1 : 0}" data-deposit="${e(q.depositTerm)}" data-lines="${q.lines.map((l) => `${l.netPence}:${rateHundredths(l)}`).join(",")}">${hidden}<div class="in">${q.sentOn ? `<p class="muted">Sent on ${e(q.sentOn)}.</p>` : ""}${noteBlock(q)}${linesTable(q, q.lines)}${options}${sums(q, "Total to pay")}</div><div class="in terms" aria-labelledby="terms-h"><h3 id="terms-h">Before you accept, please read</h3>${termsBlock(q.terms)}</div><div class="in">${early}${problem}<p class="actions"><button class="button primary" type="submit" name="action" value="accept-quote" data-prefix="${e(q.acceptLabel.slice(0, q.acceptLabel.length - q.sums.total.length))}"${form.problem ? ' aria-describedby="accept-error"' : ""}>${e(q.acceptLabel)}</button>${payDepositButton(q, form)}<a class="button outline" href="${e(`${pageUrl}?step=decline-quote`)}">Decline</a></p><p class="hint">Accepting makes a contract${form.cardPayments && q.depositTerm ? `: either button agrees to pay ${e(q.sums.total)} in total, and "Accept and pay" then takes you to pay the deposit by card` : ""}. We e-mail you a copy straight away.</p></div></form><script>${quoteScript}</script></section>`;
}

/** The confirmation step of declining or cancelling the quote. */
export function quoteStepBody(
  q: QuoteOnPage,
  step: QuoteStep,
  pageUrl: string,
  form: { nonce: string; reason?: string; problem?: string },
  extra: { appointment: string | null },
): { title: string; body: string } {
  const fields = `<input type="hidden" name="action" value="${step}"><input type="hidden" name="nonce" value="${e(form.nonce)}"><input type="hidden" name="quote" value="${q.id}">`;
  const reason = (label: string) =>
    `<label for="reason">${e(label)}</label><textarea id="reason" name="reason" maxlength="${quoteLimits.reasonMax}"${form.problem ? ' aria-invalid="true" aria-describedby="reason-error"' : ""}>${e(form.reason ?? "")}</textarea>${form.problem ? `<p class="field-error" id="reason-error">${e(form.problem)}</p>` : ""}`;
  const back = `<a class="button outline" href="${e(pageUrl)}#quote">Back to your request</a>`;
  const open = `<form method="post" action="${e(pageUrl)}">${fields}`;
  if (step === "decline-quote") {
    return {
      title: "Decline this quote",
      body: `<p>You are declining <strong>${e(q.title)}</strong> for ${e(q.sums.total)}. Nothing is agreed and you owe nothing. We will let the owner know.</p>${open}${reason("Reason (optional)")}<p class="hint">It helps us to know why, for example the price or the timing.</p><p class="actions"><button class="button danger" type="submit">Decline the quote</button>${back}</p></form>`,
    };
  }
  const accepted = q.state.kind === "accepted" ? q.state : null;
  const until = accepted && accepted.cancel.open ? accepted.cancel.until : "";
  return {
    title: "Cancel your accepted quote",
    body: `<p>You accepted <strong>${e(q.title)}</strong> for ${e(q.sums.total)}. You can cancel it until the end of <strong>${e(until)}</strong>.</p>${accepted ? `<p>${e(accepted.expressStart)}</p>` : ""}${extra.appointment ? `<p>Your appointment on <strong>${e(extra.appointment)}</strong> will be cancelled too.</p>` : ""}<p>Once you confirm, the contract is cancelled and we e-mail you at once to confirm we have received it.</p>${open}${reason("Reason (optional)")}<p class="actions"><button class="button danger" type="submit">Yes, cancel the contract</button>${back}</p></form>`,
  };
}
