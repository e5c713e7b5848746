/**
 * The invoice-only page as server-rendered HTML (docs/decisions/053-invoice-links.md): the same
 * layout, stylesheet and security as the request's page (./html.ts), showing one invoice and how to
 * pay it, and nothing of the request. Everything interpolated is escaped.
 */
import { site } from "../../config/site";
import { escapeHtml as e } from "../../platform/http/html-page";
import { invoicePagePath } from "../mail";
import { invoicesCard } from "./html-invoices";
import { bannerCard, layout, phoneLink, type PageBanner } from "./html";
import type { InvoiceLinkView } from "./service-invoice-link";
import { linkIdleDays } from "./service";

const footer = () =>
  `This page is private: anyone with its link can see this invoice, so please do not share the link. Questions? Call us on ${phoneLink()}.`;

export function invoiceLinkPage(view: InvoiceLinkView, token: string, banner?: PageBanner): string {
  const doc = view.invoices.invoices[0]!;
  const title = `${doc.title} ${view.number}`;
  return layout(
    banner ? `${banner.heading}: ${title}` : title,
    `<p class="eyebrow">${e(doc.title)} from ${e(site.name)}</p>
<h1>${e(doc.title)} <span class="ref">${e(view.number)}</span></h1>
<p class="muted bill-to">For ${e(view.billTo)}</p>
${bannerCard(banner)}
${invoicesCard(
  view.invoices,
  {
    token,
    cardPayments: view.cardPayments,
    checkoutOrigin: view.checkoutOrigin,
    payAction: `${invoicePagePath}/${token}/pay`,
  },
  doc.kind === "credit_note" ? "The credit note" : "The invoice",
)}`,
    footer(),
  );
}

/** A wrong, revoked or idle link: the same page whatever the reason. */
export function invoiceNotFoundPage(): string {
  return layout(
    "Link not found",
    `<h1>This link does not work</h1><section class="card"><p>The link may be incomplete (please copy all of it from the e-mail), or it no longer works: a link stops working after ${linkIdleDays} days unused, or once we have withdrawn it.</p><p>To see or pay the invoice, reply to our e-mail or call us on ${phoneLink()}, and we will help.</p><p class="actions"><a class="button outline" href="/">Home page</a></p></section>`,
    `Questions? Call us on ${phoneLink()}.`,
  );
}
