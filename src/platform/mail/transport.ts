/**
 * SMTP through nodemailer, configured by SMTP_URL (e.g. smtp://user:pass@host:587), MAIL_FROM and
 * OWNER_EMAIL. Without SMTP_URL (local dev) there is no transport: messages stay pending in the
 * outbox, where `npm run mail:outbox` shows them, and nothing pretends to have been sent.
 *
 * TLS is required for every host but loopback: `smtps://` is TLS from the start, and `smtp://`
 * must upgrade with STARTTLS or nothing is sent (`requireTLS`), so a server, or someone in the
 * path, that does not offer STARTTLS never receives the password or the customers' details in
 * clear. Only on loopback, where the test servers listen, may `?tls=off` skip TLS
 * (docs/decisions/015-security-hardening.md).
 */
import type { Transporter } from "nodemailer";
import { splitInvitation, type MailMessage } from "./message";
import { isLoopbackHost, smtpUrlProblem } from "./smtp-url";

/** Sends one message; a feature may name its own message type (which carries more than the envelope). */
export interface MailSender<M extends MailMessage = MailMessage> {
  send(message: M): Promise<void>;
}

export function createSmtpSender(settings: { smtpUrl: string; from: string }, timeoutMs = 8000): MailSender {
  const problem = smtpUrlProblem(settings.smtpUrl);
  if (problem) throw new Error(`SMTP_URL: ${problem}`);
  const url = new URL(settings.smtpUrl);
  const secure = url.protocol === "smtps:";
  const loopback = isLoopbackHost(url.hostname);
  const options = {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    // Real providers must upgrade with STARTTLS; loopback test servers have no certificate.
    requireTLS: !secure && !loopback,
    ignoreTLS: loopback && url.searchParams.get("tls") === "off",
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  // nodemailer is loaded by the first message sent, not by every function's cold start.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport(options),
      );
      await (
        await transport
      ).sendMail({
        from: settings.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...mimeParts(message),
        // Transactional mail: ask auto-responders not to answer, and say what this is.
        headers: { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "OOF, AutoReply" },
      });
    },
  };
}

/**
 * The body parts and files of a message. A calendar invitation (`splitInvitation`) goes through
 * nodemailer's `icalEvent`, which makes the message multipart/alternative with text, HTML and a
 * `text/calendar; method=…` part (the iMIP form, RFC 6047, that Outlook reads to add, update or
 * remove the event) and also attaches the same file as `application/ics` for clients that only
 * offer files (docs/decisions/054-calendar-mail.md).
 */
function mimeParts(message: MailMessage) {
  const { invitation, attachments } = splitInvitation(message.attachments);
  return {
    ...(invitation
      ? {
          icalEvent: {
            method: invitation.method,
            filename: invitation.filename,
            content: invitation.content,
          },
        }
      : {}),
    ...(attachments.length
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
            ...(a.encoding ? { encoding: a.encoding } : {}),
          })),
        }
      : {}),
  };
}
