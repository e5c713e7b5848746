/**
 * Reading requests safely.
 * - `readBody(req, maxBytes?)`: the body as a plain object from JSON or
 *   application/x-www-form-urlencoded; 413 over the limit (header or streamed bytes), 415 for other
 *   content types, 400 for broken JSON or a JSON value that is not an object.
 * - `clientKey(req, context?)`: a stable, non-reversible key for the client (an HMAC of its
 *   address, IPv6 by its /64) for rate limits; the address itself is never stored or logged.
 * - `wantsHtml(req, body)`: true for a classic browser form post (no JavaScript), which gets an HTML
 *   page back instead of JSON (./html-page.ts).
 * - `assertSameOrigin(req)`: 403 for a state change from another site.
 * - `assertPublicOrigin(req)`: the same for a public form or upload, which non-browser clients
 *   (no Origin, no Sec-Fetch-Site) may also post to.
 */
import { isIP } from "node:net";
import { limits } from "../../lib/form-fields/limits";
import { simulateClients } from "../env";
import { limitKey } from "../limit-key";
import { badRequest, forbidden, malformedJson, payloadTooLarge, unsupportedMediaType } from "./errors";

export type BodyKind = "json" | "form";
export interface ParsedBody {
  kind: BodyKind;
  data: Record<string, unknown>;
}

/** The body's media type, lower case, without parameters ("multipart/form-data"). */
export function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Reads at most `maxBytes` of the body; a longer body is refused (`tooLarge()`, by default a 413)
 * without reading it all.
 */
export async function readBytesLimited(
  req: Request,
  maxBytes: number,
  tooLarge: () => Error = () => payloadTooLarge(maxBytes),
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Stop reading; the rest is never pulled. (cancel() races undici's own FormData body
      // stream into an unhandled "already closed" error.)
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * A multipart/form-data body, read up to `maxBytes` (`tooLarge()` beyond) and parsed; a body that is
 * not valid multipart is a 400 with `unreadable` as its message.
 */
export async function readMultipartForm(
  req: Request,
  maxBytes: number,
  tooLarge: () => Error,
  unreadable: string,
): Promise<FormData> {
  const bytes = await readBytesLimited(req, maxBytes, tooLarge);
  try {
    return await new Response(bytes, {
      headers: { "content-type": req.headers.get("content-type")! },
    }).formData();
  } catch {
    throw badRequest(unreadable, "malformed_body");
  }
}

export async function readBody(req: Request, maxBytes: number = limits.bodyBytes): Promise<ParsedBody> {
  const type = mediaType(req);
  const isJson = type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
  const isForm = type === "application/x-www-form-urlencoded";
  if (!isJson && !isForm) {
    // Refuse before reading, but still honour the size limit first for honest 413s on huge bodies.
    const declared = req.headers.get("content-length");
    if (declared !== null && Number(declared) > maxBytes) throw payloadTooLarge(maxBytes);
    throw unsupportedMediaType();
  }
  const bytes = await readBytesLimited(req, maxBytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("The request body is not valid UTF-8 text.", "malformed_body");
  }
  if (isForm) {
    const data: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      if (!(key in data)) data[key] = value;
    }
    return { kind: "form", data };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformedJson();
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw badRequest("The request body must be a JSON object.", "malformed_json");
  }
  return { kind: "json", data: value as Record<string, unknown> };
}

/** A browser's own form post (no JavaScript): urlencoded and asking for HTML. */
export function wantsHtml(req: Request, body?: ParsedBody): boolean {
  const accept = req.headers.get("accept") ?? "";
  // A no-JavaScript post with photos is multipart/form-data (src/features/photos/http.ts).
  const form = body
    ? body.kind === "form"
    : ["application/x-www-form-urlencoded", "multipart/form-data"].includes(mediaType(req));
  return form && accept.includes("text/html");
}

/**
 * The client's address: on Netlify `context.ip`, which Netlify fills from the connection itself;
 * never a header the client can write (X-Forwarded-For, or even x-nf-client-connection-ip where
 * nothing in front overwrites it). Local stacks and tests may simulate clients with
 * SIMULATE_CLIENTS=1 (src/platform/env.ts; never on Netlify): then `X-Simulated-Client`, else the
 * first X-Forwarded-For hop. The own header is what goes through `netlify dev` and `netlify serve`:
 * their proxy replaces X-Forwarded-For with the socket's address before the function sees it.
 */
/** The header a local stack or test names its simulated client in (SIMULATE_CLIENTS=1 only). */
export const simulatedClientHeader = "x-simulated-client";

export function clientAddress(req: Request, context?: { ip?: string }): string | undefined {
  if (simulateClients()) {
    const simulated =
      req.headers.get(simulatedClientHeader)?.trim() ||
      req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (simulated) return simulated;
  }
  return context?.ip?.trim() || undefined;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[2]!.split(".").map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The rate-limit identity of an address: an IPv4 address as it is; an IPv6 address by its /64,
 * the block one home or phone connection gets, so rotating through it changes nothing (an
 * IPv4-mapped IPv6 address counts as its IPv4 address); anything else, or no address at all,
 * one shared bucket, so a request that cannot be told apart is limited with all the others
 * (fail closed).
 */
export function clientBucket(address: string | undefined): string {
  if (!address) return "unknown";
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0]!;
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version !== 6) return "unknown";
  const groups = ipv6Groups(bare);
  if (!groups) return "unknown";
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The client's rate-limit key: an HMAC of its bucket with RATE_LIMIT_SECRET (never the address
 * itself, which is neither stored nor logged). Throws (503) when the secret is missing.
 */
export function clientKey(req: Request, context?: { ip?: string }): string {
  return limitKey("client", clientBucket(clientAddress(req, context)));
}

/** The optional Idempotency-Key header: 1-128 visible ASCII characters, else 400. */
export function idempotencyKey(req: Request): string | undefined {
  const raw = req.headers.get("idempotency-key");
  if (raw === null) return undefined;
  const key = raw.trim();
  if (!/^[\x21-\x7e]{1,128}$/.test(key)) {
    throw badRequest(
      "The Idempotency-Key header must be 1 to 128 visible ASCII characters.",
      "invalid_idempotency_key",
    );
  }
  return key;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state change from another origin (cross-site request forgery). Browsers send `Origin`
 * on every non-GET fetch; a request without it is refused unless `Sec-Fetch-Site` says it is
 * same-origin, so the check fails closed. `Origin: null` counts as no origin: a browser sends it
 * for a form posted from a page with `Referrer-Policy: no-referrer` (the customer's page), and
 * `Sec-Fetch-Site`, which no script can set, still tells such a post from a cross-site one.
 */
export function assertSameOrigin(req: Request): void {
  if (safeMethods.has(req.method.toUpperCase())) return;
  const own = new URL(req.url).origin;
  const origin = req.headers.get("origin");
  if (origin !== null && origin !== "null") {
    if (origin === own) return;
    throw forbidden("This request came from another website and was refused.");
  }
  if (req.headers.get("sec-fetch-site") === "same-origin") return;
  throw forbidden("This request came from another website and was refused.");
}

const crossSite = () => forbidden("This request came from another website and was refused.");

/**
 * Refuses a public POST (a form, an upload) that a page on another site made a visitor's browser
 * send: without this, a hidden form on a busy site would make every visitor post from their own
 * address and the per-client limits would never trigger (docs/decisions/027-security-review-fixes.md).
 * - `Origin` of this site: accepted. Any other origin: refused.
 * - `Origin: null` (a page with `Referrer-Policy: no-referrer`, or a sandboxed frame anywhere):
 *   accepted only when `Sec-Fetch-Site`, which no page can set, says same-origin.
 * - No `Origin` at all: every browser sends one with every POST, so this is not a browser, and
 *   no other site can make a visitor send it. It is accepted (a script posts from its own address
 *   and meets the per-client limits), unless `Sec-Fetch-Site` names another site.
 */
export function assertPublicOrigin(req: Request): void {
  if (safeMethods.has(req.method.toUpperCase())) return;
  const origin = req.headers.get("origin");
  const fetchSite = req.headers.get("sec-fetch-site");
  if (origin === null) {
    if (fetchSite === "cross-site" || fetchSite === "same-site") throw crossSite();
    return;
  }
  if (origin === "null") {
    if (fetchSite === "same-origin") return;
    throw crossSite();
  }
  if (origin !== new URL(req.url).origin) throw crossSite();
}
