/**
 * The e-mails the site sends: the owner hears about every booking, contact message and
 * review; the customer gets an honest confirmation for bookings and contact messages.
 *
 * Every message has a plain-text and a simple HTML part. Visitor input is escaped in HTML and never
 * reaches a header except through `oneLine()` (subject) or as a structured address (Reply-To), so no
 * field can inject a header. Transactional mail: no tracking, no marketing, no unsubscribe link.
 */
import { site } from "../../config/site";
import { bookingNextSteps, contactNextSteps, quoteNextSteps } from "../../lib/request-wording";
import { cancellationDays } from "../../lib/cancellation-days";
import { requestReference as reference } from "../../lib/request-reference";
import { serviceLabel } from "../../lib/service-catalog";
import { formatDate, formatDateTime, openingHoursOf } from "../../platform/time";
import { linkPlaceholder, requestPageUrl } from "./request-link";
import type { MailAddress, MailAttachment } from "../../platform/mail/message";
import type { MessageKind, OutgoingMessage } from "./kinds";
import { businessFact } from "./business-facts";

export type { MailAddress, MessageKind, OutgoingMessage };

export interface NewRequestForMail {
  id: number;
  formType: "contact" | "booking";
  name: string;
  email: string;
  /** Missing only on a job the owner added by hand (never both with the e-mail address). */
  phone: string | null;
  message: string;
  address: string | null;
  service: string | null;
  submittedAt: Date;
  /** Photos attached to the request (they stay in the admin; the e-mail only says how many). */
  photoCount?: number;
  /** The booked service's name as the site showed it when the customer chose it. */
  serviceName?: string | undefined;
  /** A booking's preferred dates and times (labels such as "Tuesday 3 March, morning (8am to 12pm)"), urgency and access notes. */
  booking?: BookingExtrasForMail | undefined;
}

export interface BookingExtrasForMail {
  optionLabels: readonly string[];
  urgent: boolean;
  accessNotes: string | null;
}

export interface TestimonialForMail {
  id: number;
  name: string;
  location: string;
  rating: number;
  text: string;
}

export interface MailContext {
  ownerEmail: string;
  /** Public origin of the site, e.g. https://www.kingdomhandyman.example (links in the mail). */
  siteUrl: string;
  /** Card payments are switched on (the customer's page offers Pay buttons). */
  cardPayments?: boolean;
}

/** Collapses every control character (CR and LF included) so a value is safe in a header. */
export function oneLine(value: string, max = 120): string {
  const flat = value
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** One plain name word: letters, optionally joined once by a hyphen or apostrophe (Mary-Jane, O'Neil). */
const plainNameWord = /^\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)?$/u;

/**
 * The first name to greet a customer with, or "" when the first word is not a plain name. The
 * confirmation goes to whatever address was typed, so it must not carry a stranger's text to a
 * third party: at most one plain word of at most 30 characters is echoed
 * (docs/decisions/015-security-hardening.md).
 */
export function plainFirstName(name: string): string {
  const first = oneLine(name, 200).split(" ")[0] ?? "";
  return first.length <= 30 && plainNameWord.test(first) ? first : "";
}

/** The name for the To header of a customer's mail: the whole name only if every word is plain. */
export function plainFullName(name: string): string {
  const flat = oneLine(name, 200);
  const words = flat.split(" ");
  return flat.length <= 60 &&
    words.length <= 4 &&
    words.every((w) => plainNameWord.test(w.replace(/\.$/, "")))
    ? flat
    : "";
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A short reference the customer can quote on the phone: "KB-000042" (src/lib/request-reference.ts). */
export { reference };

function table(rows: ReadonlyArray<readonly [string, string]>): { text: string; html: string } {
  const text = rows.map(([k, v]) => `${k}: ${v.includes("\n") ? `\n${v}` : v}`).join("\n");
  const html = `<table cellpadding="6" style="border-collapse:collapse;font:15px/1.5 Arial,sans-serif">${rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" valign="top" style="color:#475569;padding-right:16px">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
  return { text, html };
}

/**
 * Every e-mail's HTML document: a viewport so a phone's mail app lays it out at the screen's width
 * (without one, many zoom out to a desktop width), a narrow-screen rule for the clients that read
 * `<style>`, and long words (an address, a link's text) wrapped rather than pushing the message
 * wider than the screen.
 */
export function wrapHtml(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(title)}</title><style>@media (max-width:480px){.mail-body{padding:8px!important}.mail-card{padding:16px!important}}</style></head><body class="mail-body" style="margin:0;padding:24px;background:#f8fafc;color:#1e293b;font:15px/1.6 Arial,sans-serif"><div class="mail-card" style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px;overflow-wrap:break-word;word-wrap:break-word">${body}</div></body></html>`;
}

/**
 * A link drawn as a button (a padded block a thumb can hit, white on the brand's dark blue, 12:1),
 * in a paragraph of its own. `label` is plain text; both are escaped here.
 */
export function mailButton(href: string, label: string): string {
  return `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1b3157;color:#ffffff;padding:14px 20px;border-radius:6px;text-decoration:none;font-weight:bold;line-height:1.3">${escapeHtml(label)}</a></p>`;
}

/**
 * A long address written out under its button, for a mail app that shows no buttons or to copy:
 * small, and broken anywhere so it never runs wider than a phone's screen.
 */
export function mailFallbackUrl(url: string): string {
  return `<span style="color:#475569;font-size:13px;word-break:break-all">${escapeHtml(url)}</span>`;
}

const owner = (ctx: MailContext): MailAddress => ({ name: site.name, address: ctx.ownerEmail });

export function ownerRequestMessage(s: NewRequestForMail, ctx: MailContext): OutgoingMessage {
  const isBooking = s.formType === "booking";
  const kindLabel = isBooking ? "Booking request" : "Contact message";
  const subject = oneLine(
    isBooking
      ? `New booking request: ${s.serviceName ?? serviceLabel(s.service)} from ${s.name}`
      : `New contact message from ${s.name}`,
    200,
  );
  const rows: Array<readonly [string, string]> = [
    ["Reference", reference(s)],
    ["Received", formatDateTime(s.submittedAt)],
    ["Name", s.name],
    ["Phone", s.phone ?? "Not given"],
    ["Email", s.email],
  ];
  if (isBooking) {
    rows.push(
      ["Address", s.address || "Not provided"],
      ["Service required", s.serviceName ?? serviceLabel(s.service)],
    );
    if (s.booking) {
      rows.push(["Preferred times", numbered(s.booking.optionLabels)]);
      if (s.booking.urgent) rows.push(["Urgent", "Yes: the customer marked this as urgent"]);
      if (s.booking.accessNotes) rows.push(["Access notes", s.booking.accessNotes]);
    }
  }
  rows.push([isBooking ? "Job description" : "Message", s.message]);
  const photoCount = s.photoCount ?? 0;
  if (photoCount > 0) {
    rows.push([
      "Photos",
      `${photoCount} photo${photoCount === 1 ? "" : "s"} attached: see them in the admin`,
    ]);
  }
  const inbox = `${ctx.siteUrl}/admin/requests/${s.id}`;
  const t = table(rows);
  return {
    kind: "owner_submission",
    to: owner(ctx),
    replyTo: { name: oneLine(s.name, 100), address: s.email },
    subject,
    text: `${kindLabel} from the website.\n\n${t.text}\n\nReply to this e-mail to answer ${oneLine(s.name, 100)} directly.\nOpen it in the admin: ${inbox}\n`,
    html: wrapHtml(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(kindLabel)} from the website</h1>${t.html}<p>Reply to this e-mail to answer ${escapeHtml(oneLine(s.name, 100))} directly.</p>${mailButton(inbox, "Open it in the admin")}`,
    ),
  };
}

function numbered(lines: readonly string[]): string {
  return lines.map((line, i) => `${i + 1}. ${line}`).join("\n");
}

/**
 * What the request's page lets the customer do when an e-mail arrives, so the e-mail never offers
 * more than the page does (the same rules as the page: src/features/customer-page/service.ts):
 * - `view`: the request is closed (done, lost, cancelled): the page shows it, nothing more;
 * - `message`: a confirmed visit is inside the change cut-off: only a message can be sent;
 * - `cancel`: an open contact message: a message, or cancel it;
 * - `change`: an open booking: a message, another time, or cancel it.
 */
export type PageOffer = "view" | "message" | "cancel" | "change" | "quote";

export function pageOffer(request: { closed: boolean; booking: boolean; late?: boolean }): PageOffer {
  if (request.closed) return "view";
  if (request.late) return "message";
  return request.booking ? "change" : "cancel";
}

const offerWords: Record<PageOffer, string> = {
  view: "See your request and what has happened:",
  message: "See your request or send us a message online:",
  cancel: "See your request, send us a message, or cancel it online:",
  change: "See your request, send us a message, or change or cancel it online:",
  quote: "See your quote, and accept or decline it, on your request's private page:",
};

/** The button under each offer's words. */
const offerButtons: Record<PageOffer, string> = {
  view: "See your request",
  message: "See your request",
  cancel: "See your request",
  change: "See your request",
  quote: "See your quote",
};

/**
 * The paragraph every customer e-mail about a request carries: the private link to the request's
 * page (docs/decisions/019-customer-page.md), with words that promise only what the page offers.
 * The outbox puts a fresh token in it when the message is queued (src/features/mail/request-link.ts).
 */
export function requestLinkParagraph(ctx: MailContext, offer: PageOffer): { text: string; html: string } {
  const url = requestPageUrl(ctx.siteUrl, linkPlaceholder);
  const words = offerWords[offer];
  const privacy = "This link is private to you; please do not share it.";
  return {
    text: `${words}\n${url}\n(${privacy})`,
    html: `<p style="margin-bottom:0">${escapeHtml(words)}</p>${mailButton(url, offerButtons[offer])}<p style="color:#475569;font-size:13px">${escapeHtml(privacy)} If the button does not work, copy this address: ${mailFallbackUrl(url)}</p>`,
  };
}

/**
 * The one clean form of a customer's name for everything sent to them: the greeting's first name
 * and the To header's full name (each "" when the name is not plain words; see `plainFirstName`).
 * The name as typed is kept for the owner only.
 */
export function customerName(name: string): { first: string; full: string } {
  return { first: plainFirstName(name), full: plainFullName(name) };
}

const greetingFor = (name: string) => {
  const first = customerName(name).first;
  return first ? `Hello ${first}` : "Hello";
};

const signature = `Kind regards,\n${site.name}\n${businessFact.address}\n${businessFact.phone}`;

/**
 * A message to the customer about their request: the greeting, the paragraphs, the link to their
 * page, the signature, then an optional footer (the cancellation right) and files (an .ics).
 */
export function customerMessage(
  kind: MessageKind,
  r: { name: string; email: string },
  subject: string,
  paragraphs: readonly string[],
  ctx: MailContext,
  extra: { offer: PageOffer; attachments?: MailAttachment[] | undefined; footer?: string },
): OutgoingMessage {
  const body = [`${greetingFor(r.name)},`, ...paragraphs];
  const link = requestLinkParagraph(ctx, extra.offer);
  const text = `${[...body, link.text, signature].join("\n\n")}\n${extra.footer ? `\n${extra.footer}\n` : ""}`;
  const html = wrapHtml(
    subject,
    body.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join("") +
      link.html +
      `<p style="white-space:pre-line">${escapeHtml(signature)}</p>` +
      (extra.footer
        ? `<div style="margin-top:24px;border-top:1px solid #e2e8f0;padding-top:16px;color:#475569;font-size:13px;white-space:pre-line">${escapeHtml(extra.footer)}</div>`
        : ""),
  );
  return {
    kind,
    to: { name: customerName(r.name).full, address: r.email },
    replyTo: { name: site.name, address: ctx.ownerEmail },
    subject: oneLine(subject, 200),
    text,
    html,
    ...(extra.attachments ? { attachments: extra.attachments } : {}),
  };
}

function hoursText(): string {
  return openingHoursOf(site.hours.weekly)
    .map((h) => `${h.label}: ${h.hours}`)
    .join("\n");
}

export function customerConfirmationMessage(s: NewRequestForMail, ctx: MailContext): OutgoingMessage {
  const isBooking = s.formType === "booking";
  const ref = reference(s);
  const subject = isBooking
    ? `We've received your booking request (${ref})`
    : `We've received your message (${ref})`;
  // What happens next, in the words the form's notice and confirmation page use too.
  const what = isBooking
    ? `Thank you for your booking request for ${s.serviceName ?? serviceLabel(s.service)}.`
    : `Thank you for getting in touch. ${contactNextSteps(site.response.replyWithinHours)}`;
  const next = isBooking ? bookingNextSteps(site.response.confirmWithinHours) : "";
  // How a price is then agreed: the quote on the request's page (src/features/customer-page).
  const price = quoteNextSteps(cancellationDays);
  const urgent = `If it is urgent, please call us on ${businessFact.phone}.`;
  const sign = `Kind regards,\n${site.name}\n${businessFact.address}\n${businessFact.phone}`;
  const greeting = greetingFor(s.name);
  const options = isBooking && s.booking ? s.booking.optionLabels : [];
  const asked =
    options.length > 0
      ? `You asked for ${options.length === 1 ? "this time" : "these times, in this order"}:\n${numbered(options)}\n\n${next} The confirmation comes with a calendar invitation.`
      : next;
  const link = requestLinkParagraph(ctx, pageOffer({ closed: false, booking: isBooking }));
  const text = `${greeting},\n\n${what}\n\nYour reference is ${ref}.\n\n${asked ? `${asked}\n\n` : ""}${price}\n\n${link.text}\n\n${urgent}\n\nOur hours:\n${hoursText()}\n\n${sign}\n\nYou are receiving this e-mail because you sent a ${isBooking ? "booking request" : "message"} through our website. We will not send you marketing.\n`;
  const html = wrapHtml(
    subject,
    `<p>${escapeHtml(greeting)},</p><p>${escapeHtml(what)}</p><p>Your reference is <strong>${escapeHtml(ref)}</strong>.</p>${asked ? `<p style="white-space:pre-line">${escapeHtml(asked)}</p>` : ""}<p>${escapeHtml(price)}</p>${link.html}<p>${escapeHtml(urgent)}</p><p style="white-space:pre-line"><strong>Our hours</strong>\n${escapeHtml(hoursText())}</p><p style="white-space:pre-line">${escapeHtml(sign)}</p><p style="color:#64748b;font-size:13px">You are receiving this e-mail because you sent a ${isBooking ? "booking request" : "message"} through our website. We will not send you marketing.</p>`,
  );
  return {
    kind: "customer_confirmation",
    to: { name: customerName(s.name).full, address: s.email },
    replyTo: { name: site.name, address: ctx.ownerEmail },
    subject,
    text,
    html,
  };
}

export function ownerReviewMessage(t: TestimonialForMail, ctx: MailContext): OutgoingMessage {
  const subject = oneLine(`New review to moderate: ${t.rating} stars from ${t.name}, ${t.location}`, 200);
  const moderate = `${ctx.siteUrl}/admin/testimonials`;
  const rows = table([
    ["Name", t.name],
    ["Location", t.location],
    ["Rating", `${t.rating} out of 5`],
    ["Review", t.text],
  ]);
  return {
    kind: "owner_review",
    to: owner(ctx),
    subject,
    text: `A new review was left on the website. It is not shown until you approve it.\n\n${rows.text}\n\nModerate it: ${moderate}\n`,
    html: wrapHtml(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">New review to moderate</h1><p>It is not shown on the website until you approve it.</p>${rows.html}${mailButton(moderate, "Moderate reviews")}`,
    ),
  };
}

/**
 * Tells the owner that strangers are guessing the admin password: how many failed sign-ins in
 * the last hour, that every sign-in is slowed meanwhile, and that the owner is never locked out.
 */
export function ownerSignInAlertMessage(
  alert: { failures: number; windowMinutes: number },
  ctx: MailContext,
): OutgoingMessage {
  const subject = `Admin sign-in: ${alert.failures} failed attempts in the last hour`;
  const admin = `${ctx.siteUrl}/admin`;
  const lines = [
    `Someone has tried to sign in to the website's admin area with a wrong password ${alert.failures} times in the last ${alert.windowMinutes} minutes, from one or more connections.`,
    "Until it stops, every sign-in is answered a few seconds more slowly. You are never locked out: your own sign-in still works, only a little slower.",
    "If you use a long password that you use nowhere else, there is nothing to do. If not, change it in the admin dashboard (Change Password).",
    "You get this e-mail at most once a day.",
  ];
  return {
    kind: "owner_alert",
    to: owner(ctx),
    subject,
    text: `${lines.join("\n\n")}\n\nAdmin area: ${admin}\n`,
    html: wrapHtml(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">Failed admin sign-ins</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${mailButton(admin, "Open the admin area")}`,
    ),
  };
}

/** What the owner is told when a daily cap is reached (src/features/mail/service.ts `alertLimitReached`). */
export function ownerLimitAlertMessage(
  cap: "confirmations" | "client-posts" | "uploads",
  ctx: MailContext,
): OutgoingMessage {
  const what = {
    confirmations: {
      subject: "Website: today's confirmation e-mails are used up",
      lines: [
        "The website has sent as many confirmation e-mails to customers today as it may send in one day.",
        "New requests are still saved and you are still e-mailed about each one; only the customer's own confirmation is left out until the day's count starts again (midnight UTC).",
        "On a normal day this never happens, so someone may be using the forms to send e-mails to other people. Please look through today's requests in the admin area and reply to the real ones yourself.",
      ],
    },
    "client-posts": {
      subject: "Website: one connection reached its daily limit of form posts",
      lines: [
        `One connection has sent ${site.security.clientPostsPerDay * site.security.challenge.ceilingTimes} contact, booking or review forms today, the most one connection may send in a day (each one after the first ${Math.floor(site.security.clientPostsPerDay * site.security.challenge.fromShare)} needed a short computing check by the sender's browser); its further posts are refused until midnight UTC and told to call you.`,
        "This is usually a script. If it was a customer (for example an office where many people share one connection), they can call you.",
      ],
    },
    uploads: {
      subject: "Website: today's photo uploads are used up",
      lines: [
        "The website has taken as many photo uploads today as it may take in one day; further photos are refused until midnight UTC (forms can still be sent without them).",
        "On a normal day this never happens. Please look through today's requests in the admin area.",
      ],
    },
  }[cap];
  const admin = `${ctx.siteUrl}/admin`;
  const lines = [...what.lines, "You get this e-mail at most once a day for each limit."];
  return {
    kind: "owner_alert",
    to: owner(ctx),
    subject: what.subject,
    text: `${lines.join("\n\n")}\n\nAdmin area: ${admin}\n`,
    html: wrapHtml(
      what.subject,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(what.subject)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${mailButton(admin, "Open the admin area")}`,
    ),
  };
}

/**
 * After a finished job: asks the customer for a review through a one-time link
 * (docs/decisions/020-verified-reviews.md). Sent only when the owner asks (or has set it to go on
 * every finished job); one plain first name at most is echoed, as in the confirmation.
 */
export function reviewInvitationMessage(
  invite: { name: string; email: string; reference: string; link: string; expiresAt: Date },
  ctx: MailContext,
): OutgoingMessage {
  const subject = `How did we do? Your review of job ${invite.reference}`;
  const greeting = greetingFor(invite.name);
  const until = formatDate(invite.expiresAt);
  const lines = [
    `Thank you for choosing ${site.name}. Your job (${invite.reference}) is finished, and we would like to know how it went.`,
    'If you have a minute, please leave a review through the link below. Your name and town are filled in for you; change them as you like. Your review will be marked "Verified customer" because it comes from a job we did.',
    "Good or bad, we publish every review that keeps to our review policy, and we may reply to it in public.",
    `The link works once, until ${until}.`,
  ];
  const policy = `${ctx.siteUrl}/review-policy`;
  const sign = `Kind regards,\n${site.name}\n${businessFact.phone}`;
  const footer =
    "You are receiving this e-mail because we finished a job for you. We will not send you marketing, and we will not ask again for this job.";
  const text = `${greeting},\n\n${lines.join("\n\n")}\n\nLeave your review: ${invite.link}\n\nOur review policy: ${policy}\n\n${sign}\n\n${footer}\n`;
  const html = wrapHtml(
    subject,
    `<p>${escapeHtml(greeting)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${mailButton(invite.link, "Leave your review")}<p><a href="${escapeHtml(policy)}">Our review policy</a></p><p style="white-space:pre-line">${escapeHtml(sign)}</p><p style="color:#64748b;font-size:13px">${escapeHtml(footer)}</p>`,
  );
  return {
    kind: "review_invitation",
    to: { name: customerName(invite.name).full, address: invite.email },
    replyTo: { name: site.name, address: ctx.ownerEmail },
    subject,
    text,
    html,
  };
}
