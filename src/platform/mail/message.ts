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
