/**
 * An e-mail as the transport sends it (./transport.ts). What it is about (`kind`) and who wrote it
 * belong to the mail feature (src/features/mail/kinds.ts); the transport only needs the envelope.
 */

export interface MailAddress {
  name: string;
  address: string;
}

/**
 * A file attached to an outgoing message: `content` is text (an .ics is UTF-8 text), or with
 * `encoding: "base64"` the base64 of a binary file (a PDF), so the outbox can keep it as JSON.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: "base64";
}

export interface MailMessage {
  to: MailAddress;
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (an appointment's .ics). */
  attachments?: MailAttachment[];
}

/** An iTIP method a calendar app acts on when it arrives by e-mail (RFC 5546 §1.4). */
export type InvitationMethod = "REQUEST" | "CANCEL";

/** The calendar invitation of a message, as the transport sends it (nodemailer's `icalEvent`). */
export interface CalendarInvitation {
  method: InvitationMethod;
  filename: string;
  content: string;
}

const invitationType = /^text\/calendar\s*;(?:.*;)?\s*method\s*=\s*"?(request|cancel)"?\s*(?:;|$)/i;

/**
 * Splits a message's files into its calendar invitation and the rest. The invitation is the first
 * `text/calendar` attachment whose type names `method=REQUEST` or `method=CANCEL` (what the
 * appointment e-mails attach and the outbox stores); any other file, a `method=PUBLISH` calendar
 * included, stays a plain attachment. Text only: a base64 file is never an invitation.
 */
export function splitInvitation(attachments: readonly MailAttachment[] | undefined): {
  invitation: CalendarInvitation | undefined;
  attachments: MailAttachment[];
} {
  const all = attachments ?? [];
  const index = all.findIndex((a) => !a.encoding && invitationType.test(a.contentType));
  if (index < 0) return { invitation: undefined, attachments: [...all] };
  const file = all[index]!;
  const method = invitationType.exec(file.contentType)![1]!.toUpperCase() as InvitationMethod;
  return {
    invitation: { method, filename: file.filename, content: file.content },
    attachments: all.filter((_, i) => i !== index),
  };
}
