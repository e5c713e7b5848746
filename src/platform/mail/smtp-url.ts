/**
 * What SMTP_URL may say about TLS (docs/decisions/015-security-hardening.md): TLS is required for
 * every host but loopback, where the local test servers listen; only there may `?tls=off` skip it.
 * Kept apart from ./transport.ts so that reading the environment does not load nodemailer.
 */

/** The hosts a local test server listens on: the only ones mail may reach without TLS. */
const loopbackHosts = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

export function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname.toLowerCase());
}

/** Why this SMTP URL is refused, or undefined when it is fine. */
export function smtpUrlProblem(smtpUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return "SMTP_URL must be an smtp:// or smtps:// URL.";
  }
  if (url.searchParams.get("tls") === "off" && !isLoopbackHost(url.hostname)) {
    return "tls=off is allowed only for a loopback test server (localhost, 127.0.0.1, ::1); a real mail server must use TLS.";
  }
  return undefined;
}
