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
