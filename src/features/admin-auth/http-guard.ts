/**
 * What every admin endpoint checks before it does anything (docs/decisions/006-admin-security.md):
 * 1. a state change (POST, PUT, PATCH, DELETE) must come from this site's own origin, else 403;
 * 2. the session cookie must name a live session, else 401.
 *
 * The cookie is `HttpOnly; Secure; SameSite=Strict; Path=/` and named with the `__Host-` prefix,
 * so no subdomain or plain-http page can set or read it. Only on plain-http loopback (the local
 * stack) is `Secure` dropped, and with it the prefix, which browsers tie to `Secure`.
 */
import { resolveSession, sessionPolicy, type AdminSession } from "./service";
import { unauthorized } from "../../platform/http/errors";
import { assertSameOrigin } from "../../platform/http/request";

export { assertSameOrigin };

const secureCookieName = "__Host-kh_admin";
const localCookieName = "kh_admin";

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Plain http on this machine: the only place the cookie may go without `Secure`. */
function isLocalHttp(req: Request): boolean {
  const url = new URL(req.url);
  return url.protocol === "http:" && loopbackHosts.has(url.hostname);
}

function cookieName(req: Request): string {
  return isLocalHttp(req) ? localCookieName : secureCookieName;
}

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionToken(req: Request): string | undefined {
  return readCookie(req, cookieName(req));
}

function cookieAttributes(req: Request): string {
  return `Path=/; HttpOnly; SameSite=Strict${isLocalHttp(req) ? "" : "; Secure"}`;
}

/** Set-Cookie for a new session; the cookie lasts as long as the session can. */
export function sessionCookie(req: Request, token: string): string {
  const maxAge = Math.floor(sessionPolicy.absoluteMs / 1000);
  return `${cookieName(req)}=${token}; ${cookieAttributes(req)}; Max-Age=${maxAge}`;
}

/** Set-Cookie that removes the session cookie. */
export function clearedSessionCookie(req: Request): string {
  return `${cookieName(req)}=; ${cookieAttributes(req)}; Max-Age=0`;
}

/** The signed-in admin's session, or 403/401 thrown. `adminAction` (./admin.ts) calls it first. */
export async function requireAdmin(req: Request): Promise<AdminSession> {
  assertSameOrigin(req);
  const session = await resolveSession(sessionToken(req));
  if (!session) throw unauthorized("Please sign in to the admin area.");
  return session;
}
