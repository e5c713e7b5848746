/**
 * The customer's invoices on their private page: each invoice and credit note with its dates,
 * total, what is paid and what is left, and its PDF to download; the balance across them; and,
 * while anything is owed, how to pay by bank transfer with the invoice number as the reference and
 * a button that copies it. The page works without JavaScript: the reference is plain text to
 * select, and the copy button appears only when the page's one small script (allowed by its hash,
 * src/platform/http/response.ts) runs. Everything interpolated is escaped.
 */
import { allowFormTarget, shippedScript } from "../../platform/http/page-scripts";
import { escapeHtml as e } from "../../platform/http/html-page";
import { formatMoney } from "../../platform/money";
import { formatShortDate } from "../../platform/time";
import type { CustomerInvoice, CustomerInvoices } from "../invoices/contract/customer";
import { requestPagePath } from "../mail";

/** The invoices' own styles, added to the page's stylesheet (./html.ts). */
export const invoiceStyles = `
.invoices .balance{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:.25rem 1rem;margin:0 0 1rem;padding:.85rem 1rem;border-radius:.5rem;background:#fff8eb;border:1px solid #fcbf4d}
.invoices .balance.clear{background:#f0fdf4;border-color:#86efac}
.invoices .balance strong{font-size:1.5rem;color:#132340;font-variant-numeric:tabular-nums}
ul.docs{list-style:none;margin:0;padding:0}
ul.docs>li{padding:1rem 0;border-top:1px solid #e2e8f0}
ul.docs>li:first-child{border-top:0;padding-top:0}
.doc-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:.25rem 1rem}
.doc-head h3{margin:0;font-size:1.0625rem;color:#132340}
.doc-head .ref{font-size:1rem}
.tag{display:inline-block;font-size:.8rem;font-weight:700;border-radius:999px;padding:.05rem .6rem;white-space:nowrap}
.tag.due{background:#eef3fa;color:#1b3157}
.tag.late{background:#b91c1c;color:#fff}
.tag.part{background:#1b3157;color:#fff}
.tag.paid{background:#166534;color:#fff}
.tag.void{background:#f1f5f9;color:#334155}
dl.doc{grid-template-columns:1fr auto;gap:.2rem 1rem;margin:.6rem 0 0;max-width:28rem;font-variant-numeric:tabular-nums}
dl.doc dt{font-weight:500;white-space:nowrap}
dl.doc dd{text-align:right;margin:0;white-space:nowrap}
dl.doc .owed{font-weight:700;color:#132340}
@media (max-width:32rem){dl.doc{grid-template-columns:1fr auto}dl.doc dd{margin:0}}
.doc .actions{margin-top:.75rem}
.pay-now{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem 1rem;margin-top:.85rem}
.pay-now .button{min-height:2.75rem}
.pay-now .hint{margin:0}
@media (max-width:32rem){.pay-now .button{flex:1 1 100%}}
.pay{margin:1.25rem 0 0;padding:1rem;border-radius:.5rem;background:#f8fafc;border:1px solid #e2e8f0}
.pay h3{margin:0 0 .5rem;font-size:1.0625rem;color:#132340}
.pay dl{grid-template-columns:minmax(7rem,10rem) 1fr;gap:.3rem 1rem}
.pay dd{font-variant-numeric:tabular-nums}
@media (max-width:32rem){.pay dl{grid-template-columns:1fr}.pay dd{margin-bottom:.4rem}}
.copy-row{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem .75rem}
.copy-row code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-weight:700;font-size:1.05rem;color:#1b3157;background:#fff;border:1px dashed #94a3b8;border-radius:.375rem;padding:.2rem .5rem;user-select:all}
.copy{min-height:2.75rem;padding:.45rem .9rem;font-size:.9375rem}
.copied{color:#166534;font-weight:600;font-size:.9375rem}
.bill-to{margin:-.75rem 0 1.25rem}
`;

/**
 * The copy buttons: shown once the script runs, each copies its `data-copy` text and says so in the
 * status beside it (a live region). Static text: its hash never changes.
 */
export const copyScript = shippedScript(
  `(()=>{for(const b of document.querySelectorAll("button[data-copy]")){b.hidden=false;const s=document.getElementById(b.getAttribute("aria-describedby")||"");b.addEventListener("click",async()=>{try{await navigator.clipboard.writeText(b.dataset.copy||"");if(s)s.textContent="Copied"}catch{if(s)s.textContent="Select the reference to copy it"}})}})()`,
);

/** "Thu 26 Nov 2026": short enough to sit beside its label on a phone. */
const day = (date: string) => formatShortDate(date, { year: true });

/** The status in the customer's words, with the tag's look. */
function statusTag(inv: CustomerInvoice): string {
  if (inv.kind === "credit_note") return "";
  const [look, text] =
    inv.status === "paid"
      ? ["paid", "Paid, thank you"]
      : inv.status === "void"
        ? ["void", "Cancelled by a credit note"]
        : inv.overdue
          ? ["late", "Overdue"]
          : inv.status === "part-paid"
            ? ["part", "Part paid"]
            : ["due", "To pay"];
  return `<span class="tag ${look}">${e(text)}</span>`;
}

/** What the invoices card needs from the page: its link (for the Pay form) and whether cards are on. */
export interface PayOptions {
  token: string;
  cardPayments: boolean;
  /** Stripe's Checkout origin: the form's answer redirects there (allowed by the page's CSP). */
  checkoutOrigin?: string | null | undefined;
  /** Where the Pay form posts: by default the request page's own `/pay`. */
  payAction?: string;
}

/**
 * "Pay £X now": a plain form post to the page's own `/pay`, answered by a redirect to Stripe's hosted
 * page, where the card (or Apple Pay, Google Pay, the bank) is entered; nothing of it reaches us.
 */
function payButton(inv: CustomerInvoice, pay: PayOptions | undefined): string {
  if (!pay?.cardPayments || inv.kind === "credit_note" || inv.status === "void" || inv.balancePence <= 0)
    return "";
  const leaves = pay.checkoutOrigin ? ` data-redirects-to="${e(allowFormTarget(pay.checkoutOrigin))}"` : "";
  const action = pay.payAction ?? `${requestPagePath}/${pay.token}/pay`;
  return `<form method="post" action="${e(action)}" class="pay-now"${leaves}><input type="hidden" name="invoice" value="${inv.id}"><button type="submit" class="button">Pay ${e(formatMoney(inv.balancePence))} now<span class="skip-caption"> for ${e(inv.number)}</span></button><span class="hint">By card, Apple Pay or Google Pay on Stripe's secure page</span></form>`;
}

function documentItem(inv: CustomerInvoice, pay?: PayOptions): string {
  const credit = inv.kind === "credit_note";
  const rows: string[] = [`<dt>Date</dt><dd>${e(day(inv.issuedOn))}</dd>`];
  if (!credit && inv.dueOn && inv.balancePence > 0) rows.push(`<dt>Due by</dt><dd>${e(day(inv.dueOn))}</dd>`);
  rows.push(`<dt>${credit ? "Credit" : "Total"}</dt><dd>${e(formatMoney(inv.totalPence))}</dd>`);
  // Every amount between the total and what is left, so the sums on the card add up.
  if (!credit && inv.creditedPence > 0)
    rows.push(`<dt>Credited</dt><dd>${e(formatMoney(inv.creditedPence))}</dd>`);
  // Money already on account (an earlier overpayment) is shown apart from what was paid for this one.
  const fromAccount = credit ? 0 : (inv.fromAccountPence ?? 0);
  if (fromAccount > 0) rows.push(`<dt>From money on account</dt><dd>${e(formatMoney(fromAccount))}</dd>`);
  if (!credit && inv.paidPence - fromAccount > 0)
    rows.push(`<dt>Paid</dt><dd>${e(formatMoney(inv.paidPence - fromAccount))}</dd>`);
  for (const x of inv.excess ?? []) {
    const what =
      x.kind === "on_account"
        ? x.refundedOn && x.paidBackPence
          ? `Paid over, kept on account; ${formatMoney(x.paidBackPence)} paid back to you on ${day(x.refundedOn)}`
          : "Paid over, kept on account for you"
        : x.refundedOn
          ? `Paid over, refunded on ${day(x.refundedOn)}`
          : "Paid over, to be refunded to you";
    rows.push(`<dt>${e(what)}</dt><dd>${e(formatMoney(x.amountPence))}</dd>`);
  }
  if (!credit && inv.status !== "void")
    rows.push(`<dt class="owed">Left to pay</dt><dd class="owed">${e(formatMoney(inv.balancePence))}</dd>`);
  const against =
    credit && inv.creditedInvoiceNumber
      ? `<p class="muted">Against invoice ${e(inv.creditedInvoiceNumber)}.</p>`
      : "";
  return `<li class="doc"><div class="doc-head"><h3>${e(inv.title)} <span class="ref">${e(inv.number)}</span></h3>${statusTag(inv)}</div>${against}<dl class="doc">${rows.join("")}</dl>${payButton(inv, pay)}<p class="actions"><a class="button outline" href="${e(inv.pdfPath)}" download>Download the PDF<span class="skip-caption"> of ${e(inv.number)}</span></a></p></li>`;
}

/** How to pay: the bank details and, per invoice still owed, its number as the reference. */
function payBox(data: CustomerInvoices): string {
  const owed = data.invoices.filter((i) => i.kind !== "credit_note" && i.balancePence > 0);
  if (owed.length === 0) return "";
  const b = data.bank;
  const references = owed
    .map(
      (i) =>
        `<dt>Reference${owed.length > 1 ? ` for ${e(formatMoney(i.balancePence))}` : ""}</dt><dd><span class="copy-row"><code id="ref-${i.id}">${e(i.number)}</code><button type="button" class="button outline copy" data-copy="${e(i.number)}" aria-describedby="copied-${i.id}" hidden>Copy the reference<span class="skip-caption"> ${e(i.number)}</span></button><span class="copied" id="copied-${i.id}" role="status"></span></span></dd>`,
    )
    .join("");
  return `<div class="pay"><h3>Paying by bank transfer</h3><dl><dt>Account name</dt><dd>${e(b.accountName)}</dd><dt>Sort code</dt><dd>${e(b.sortCode)}</dd><dt>Account number</dt><dd>${e(b.accountNumber)}</dd>${references}</dl><p class="hint">Please use the invoice number as the reference, so we can match your payment. ${e(data.terms)}</p></div>`;
}

/** The invoices card, or nothing when the request has no issued invoice. */
export function invoicesCard(
  data: CustomerInvoices | null,
  pay?: PayOptions,
  heading = "Your invoices",
): string {
  if (!data || data.invoices.length === 0) return "";
  const clear = data.balancePence <= 0;
  const balance = `<p class="balance${clear ? " clear" : ""}"><span>${clear ? "Nothing left to pay" : "Left to pay"}</span><strong data-balance>${e(formatMoney(Math.max(data.balancePence, 0)))}</strong></p>`;
  const box = payBox(data);
  return `<section class="card invoices" id="invoices" aria-labelledby="invoices-h"><h2 id="invoices-h">${e(heading)}</h2>${balance}<ul class="docs">${data.invoices
    .map((inv) => documentItem(inv, pay))
    .join("")}</ul>${box}${box ? `<script>${copyScript}</script>` : ""}</section>`;
}
