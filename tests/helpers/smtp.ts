/**
 * A loopback SMTP server (the `smtp-server` package) that keeps every message it accepts, for the
 * mail integration tests and the browser test that books through the form.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  envelopeTo: string[];
  headers: Record<string, string>;
  raw: string;
}

/**
 * A loopback SMTP server that keeps every message it accepts. It offers no STARTTLS. `host`
 * "0.0.0.0" also listens on the machine's other addresses (to play a remote server).
 */
export async function startSmtp(
  port = 0,
  host = "127.0.0.1",
  onReceive: (message: Received) => void = () => {},
) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
        const headers: Record<string, string> = {};
        for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
          const i = line.indexOf(":");
          if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
        }
        const message = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), headers, raw };
        received.push(message);
        onReceive(message);
        callback();
      });
    },
  });
  server.listen(port, host);
  await once(server.server, "listening");
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    received,
    port: actualPort,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first text/calendar part of a raw message, decoded (nodemailer sends it base64 or quoted-printable). */
export function calendarPart(raw: string): string | null {
  const match =
    /Content-Type: text\/calendar[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*((?:\r?\n[^\r\n]+)*)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    );
  if (!match) return null;
  const headers = match[1] ?? "";
  const body = match[2] ?? "";
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}
