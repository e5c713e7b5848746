/**
 * The owner's daily digest (sent at 7:00 London time by src/features/housekeeping/service-digest.ts):
 * what arrived since yesterday's digest, replies that are overdue, quotes waiting for an answer,
 * and today's visits. Requests are named by reference and name only: no e-mail address, phone
 * number or message, so a forwarded digest gives little away. Erasing a person or deleting a
 * request also deletes any digest that names its reference.
 */
import { site } from "../../config/site";
import { formatDate } from "../../platform/time";
import type { AttentionItem, ScheduledJob } from "../requests/contract/endpoints";
import { escapeHtml, mailButton, oneLine, wrapHtml, type MailContext, type OutgoingMessage } from "../mail";

export interface DigestContent {
  /** London date the digest is for, YYYY-MM-DD. */
  date: string;
  arrived: { count: number; items: AttentionItem[] };
  overdueReplies: { count: number; items: AttentionItem[] };
  staleQuotes: { count: number; items: AttentionItem[] };
  today: ScheduledJob[];
}

/** True when the digest would say nothing worth an e-mail. */
export const isEmptyDigest = (c: DigestContent) =>
  c.arrived.count === 0 && c.overdueReplies.count === 0 && c.staleQuotes.count === 0 && c.today.length === 0;

const itemLine = (i: AttentionItem) =>
  `${i.reference}  ${oneLine(i.name, 100)} (${i.formType === "booking" ? "booking" : "contact"})`;
const jobLine = (j: ScheduledJob) => `${j.reference}  ${oneLine(j.name, 100)}, ${j.window}`;

function section<T>(
  title: string,
  group: { count: number; items: T[] },
  line: (item: T) => string,
): { text: string; html: string } | null {
  if (group.count === 0) return null;
  const more = group.count > group.items.length ? group.count - group.items.length : 0;
  const lines = group.items.map(line);
  if (more > 0) lines.push(`…and ${more} more`);
  return {
    text: `${title} (${group.count})\n${lines.map((l) => `- ${l}`).join("\n")}`,
    html: `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(title)} (${group.count})</h2><ul style="margin:0;padding-left:20px">${lines
      .map((l) => `<li>${escapeHtml(l)}</li>`)
      .join("")}</ul>`,
  };
}

export function digestMessage(c: DigestContent, ctx: MailContext): OutgoingMessage {
  const day = formatDate(c.date, { year: false });
  const headline = [
    c.arrived.count > 0 ? `${c.arrived.count} new` : null,
    c.overdueReplies.count > 0 ? `${c.overdueReplies.count} waiting for a reply` : null,
    c.staleQuotes.count > 0 ? `${c.staleQuotes.count} quotes to chase` : null,
    c.today.length > 0 ? `${c.today.length} visits today` : null,
  ]
    .filter(Boolean)
    .join(", ");
  const subject = oneLine(`Your day, ${day}: ${headline}`, 200);
  const sections = [
    section("Today's visits", { count: c.today.length, items: c.today }, jobLine),
    section(
      `Waiting more than ${site.response.replyWithinHours} hours for a reply`,
      c.overdueReplies,
      itemLine,
    ),
    section("New since yesterday", c.arrived, itemLine),
    section("Quotes waiting more than a week", c.staleQuotes, itemLine),
  ].filter((s): s is { text: string; html: string } => s !== null);
  const inbox = `${ctx.siteUrl}/admin/submissions`;
  return {
    kind: "owner_digest",
    to: { name: site.name, address: ctx.ownerEmail },
    subject,
    text: `Good morning. Here is where things stand on ${day}.\n\n${sections.map((s) => s.text).join("\n\n")}\n\nOpen the admin inbox: ${inbox}\n`,
    html: wrapHtml(
      subject,
      `<p>Good morning. Here is where things stand on ${escapeHtml(day)}.</p>${sections.map((s) => s.html).join("")}${mailButton(inbox, "Open the admin inbox")}`,
    ),
  };
}
