/**
 * The e-mail that stands in for a notification no device received (or that push could not carry:
 * none set up, the kind switched off, every device failing), for the kinds whose event sends the
 * owner no e-mail of its own. Plain data in, a message out.
 */
import { site } from "../../config/site";
import { escapeHtml, mailButton, wrapHtml, type MailContext, type OutgoingMessage } from "../mail";
import type { PushContent } from "./rules";

export function ownerNotificationMessage(content: PushContent, ctx: MailContext): OutgoingMessage {
  const link = `${ctx.siteUrl}${content.url}`;
  const subject = `Website: ${content.title}`;
  return {
    kind: "owner_alert",
    to: { name: site.name, address: ctx.ownerEmail },
    subject,
    text: `${content.title}\n\n${content.body}\n\nOpen it in the admin area: ${link}\n`,
    html: wrapHtml(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1><p>${escapeHtml(content.body)}</p>${mailButton(link, "Open it in the admin area")}`,
    ),
  };
}
