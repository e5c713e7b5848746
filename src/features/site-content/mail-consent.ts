/**
 * The owner's e-mail when a customer withdraws their consent to show photos of their job, from
 * their private page (./service-gallery-consent.ts): which job, which gallery entries were on the
 * live website, and whether they are off it already, coming off with the rebuild under way, or
 * still on it because the rebuild could not start (then: publish again, with a button to the
 * Website screen). Plain data in; the outbox fills the business details.
 */
import { site } from "../../config/site";
import { requestReference, type ReferencedType } from "../../lib/request-reference";
import { escapeHtml, mailButton, oneLine, wrapHtml, type MailContext, type OutgoingMessage } from "../mail";

export interface WithdrawnJob {
  id: number;
  formType: ReferencedType;
  name: string;
  /** The service as the website names it ("Plumbing & Heating"). */
  service: string;
  /** The captions of the job's gallery entries the live website showed. */
  shown: readonly string[];
  /** The job's gallery drafts removed. */
  draftsRemoved: number;
  /** What became of the live website: off now, coming off with a rebuild, or still on it. */
  takedown: "none" | "live" | "publishing" | "failed";
}

const entries = (n: number) => (n === 1 ? "1 gallery entry" : `${n} gallery entries`);

function takedownWords(job: WithdrawnJob): string {
  const n = job.shown.length;
  switch (job.takedown) {
    case "none":
      return job.draftsRemoved > 0
        ? `None of its photos were on the live website; ${entries(job.draftsRemoved)} in your gallery drafts ${job.draftsRemoved === 1 ? "was removed, so it" : "were removed, so they"} will not be published.`
        : "None of its photos were on the website or in your gallery drafts: there is nothing to take down.";
    case "live":
      return `We took ${n === 1 ? "it" : "them"} off the live website at once (the website was published again without ${n === 1 ? "it" : "them"}; your other drafts stay drafts).`;
    case "publishing":
      return `The website is being published again without ${n === 1 ? "it" : "them"}: ${n === 1 ? "it comes" : "they come"} off within a few minutes. If the Website screen shows that the publish failed, press Publish there: until then ${n === 1 ? "it stays" : "they stay"} on the live website.`;
    case "failed":
      return `${n === 1 ? "It is" : "They are"} STILL ON THE LIVE WEBSITE: the website could not be published again without ${n === 1 ? "it" : "them"}. Open the Website screen and press Publish to take ${n === 1 ? "it" : "them"} down.`;
  }
}

export function ownerConsentWithdrawnMessage(job: WithdrawnJob, ctx: MailContext): OutgoingMessage {
  const ref = requestReference(job);
  const name = oneLine(job.name, 100);
  const subject = oneLine(
    job.takedown === "failed"
      ? `${ref}: ${name} withdrew photo consent - publish the website to take the photos down`
      : `${ref}: ${name} withdrew photo consent`,
    200,
  );
  const lines = [
    `${name} withdrew their consent to show photos of their job (${job.service}, ${ref}) on the website, from their request's page. We must not show them again unless they ask us to.`,
    job.shown.length > 0
      ? `On the live website: ${entries(job.shown.length)}:\n${job.shown.map((c) => `- ${oneLine(c, 200)}`).join("\n")}`
      : "",
    takedownWords(job),
  ].filter(Boolean);
  const website = `${ctx.siteUrl}/admin/website`;
  const request = `${ctx.siteUrl}/admin/requests/${job.id}`;
  return {
    kind: "owner_customer_update",
    to: { name: site.name, address: ctx.ownerEmail },
    subject,
    text: `${lines.join("\n\n")}\n\nThe Website screen (publish, gallery): ${website}\nThe request: ${request}\n`,
    html: wrapHtml(
      subject,
      lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join("") +
        mailButton(website, job.takedown === "failed" ? "Publish the website" : "Open the Website screen") +
        mailButton(request, "Open the request"),
    ),
  };
}
