/**
 * A private link the owner texts to a customer who has no e-mail address
 * (docs/decisions/051-phone-only-customers-and-paid-papers.md): a fresh token for the request's
 * page, its hash kept like an e-mailed link's (no e-mail row), and a one-line message to paste into
 * a text. The token is answered once and never stored.
 */
import { site } from "../../config/site";
import { hashToken, newToken, requestPageUrl } from "../mail";
import { mailContext } from "../mail";
import * as links from "./repository";
import * as workflow from "../requests";
import * as invoicesRepo from "../invoices";
import { Conflict, NotFound } from "../../platform/domain-errors";
import { inTransaction, type ServiceContext } from "../../platform/context";
import { linkStillWorks } from "./service";
import type { TextLink, TextLinkRequest } from "./contract/text-link";

/** The message's words: the business's name first, so the customer knows who wrote. */
export function textMessage(input: TextLinkRequest, url: string, brand: string = site.name): string {
  const ref = input.reference ? ` ${input.reference}` : "";
  switch (input.about) {
    case "quote":
      return `${brand}: your quote${ref} is ready: ${url}`;
    case "invoice":
      return `${brand}: your invoice${ref} is ready: ${url}`;
    case "visit":
      return `${brand}: your visit's time and details: ${url}`;
    case "page":
      return `${brand}: your job's page: ${url}`;
  }
}

export async function makeTextLink(
  requestId: number,
  input: TextLinkRequest,
  ctx: ServiceContext,
): Promise<TextLink> {
  const token = newToken();
  await inTransaction(ctx, async (tx) => {
    const [request] = await workflow.findMany([requestId], tx);
    if (!request) throw new NotFound("That request no longer exists.");
    const owed = await invoicesRepo.hasOpenInvoice(requestId, tx);
    const works = linkStillWorks(request.state, request.stateChangedAt, ctx.now, ctx.now);
    if (request.state === "spam" || (!works && !owed)) {
      throw new Conflict(
        "This request is closed and its page no longer opens, so there is no link to give.",
        "link_would_not_work",
      );
    }
    await links.insertHandedOut(requestId, hashToken(token), ctx.now, tx);
  });
  const url = requestPageUrl(mailContext().siteUrl, token);
  return { url, message: textMessage(input, url) };
}
