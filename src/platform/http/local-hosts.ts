/**
 * The names a local stack answers to. A stack on a developer's machine listens on loopback only
 * (scripts/lib/loopback-only.mjs), but a page on any website can still make the developer's browser
 * send a request to `http://127.0.0.1:<port>` under another name (DNS rebinding), or a client on
 * the same network can reach a stack started with `--listen-on-network`. Either way its `Host` is
 * not one of the stack's own names, and the request is refused (421) before any function runs;
 * the site's origin, which the same-origin checks compare `Origin` against, is then always one
 * of these names, never whatever the client sent (docs/decisions/043-security-by-default.md).
 *
 * LOCAL_HOSTS (set by scripts/dev.ts in every mode): the allowed `host:port` values, comma
 * separated. Unset (a test calling a handler in-process), nothing is checked; on Netlify it is
 * ignored, since Netlify routes only the site's own domains to its functions.
 */
import { localHosts } from "../env";
import { HttpError } from "./errors";

/** The three names of a loopback stack on `port`. */
export function loopbackHosts(port: number): string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
}

/** LOCAL_HOSTS as a set of lower-case `host:port` values, or undefined when unset (../env.ts). */
export const allowedLocalHosts = (): ReadonlySet<string> | undefined => localHosts();

/** Whether a `Host` header value is one of `allowed` (a missing Host never is). */
export function isAllowedHost(host: string | null | undefined, allowed: ReadonlySet<string>): boolean {
  return typeof host === "string" && allowed.has(host.trim().toLowerCase());
}

export const misdirectedRequest = () =>
  new HttpError(
    421,
    "misdirected_request",
    "This local site answers only at its own address (http://localhost with its port).",
  );

/**
 * Refuses (421) a request to a local stack under a name that is not the stack's own: its `Host`
 * header, and the host of its URL, must both be in LOCAL_HOSTS. No-op when LOCAL_HOSTS is unset.
 */
export function assertLocalHost(req: Request, allowed = allowedLocalHosts()): void {
  if (!allowed) return;
  const header = req.headers.get("host");
  const urlHost = new URL(req.url).host;
  if (!isAllowedHost(urlHost, allowed) || (header !== null && !isAllowedHost(header, allowed))) {
    throw misdirectedRequest();
  }
}
