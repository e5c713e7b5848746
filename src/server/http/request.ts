/**
 * Reading requests safely.
 * - `readBody(req, maxBytes?)`: the body as a plain object from JSON or
 *   application/x-www-form-urlencoded; 413 over the limit (header or streamed bytes), 415 for other
 *   content types, 400 for broken JSON or a JSON value that is not an object.
 * - `clientKey(req, context?)`: a stable, non-reversible key for the client (hashed IP) for rate
 *   limits; the IP itself is never stored or logged.
 * - `wantsHtml(req, body)`: true for a classic browser form post (no JavaScript), which gets an HTML
 *   page back instead of JSON (./html-page.ts).
 */
import { createHash } from "node:crypto";
import { limits } from "../../lib/schemas/limits";
import { badRequest, malformedJson, payloadTooLarge, unsupportedMediaType } from "./errors";

export type BodyKind = "json" | "form";
export interface ParsedBody {
  kind: BodyKind;
  data: Record<string, unknown>;
}

function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Reads at most `maxBytes` of the body; a longer body is refused without reading it all. */
async function readLimited(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw payloadTooLarge(maxBytes);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(maxBytes);
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
  const bytes = await readLimited(req, maxBytes);
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
  const form = body ? body.kind === "form" : mediaType(req) === "application/x-www-form-urlencoded";
  return form && accept.includes("text/html");
}

/** The client's IP as Netlify reports it, else the first X-Forwarded-For hop, else the runtime's. */
export function clientIp(req: Request, context?: { ip?: string }): string {
  const nf = req.headers.get("x-nf-client-connection-ip")?.trim();
  if (nf) return nf;
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded;
  return context?.ip ?? "unknown";
}

/** SHA-256 of the IP (truncated): enough to count requests, useless to identify anyone. */
export function clientKey(req: Request, context?: { ip?: string }): string {
  return createHash("sha256")
    .update(`client:${clientIp(req, context)}`)
    .digest("hex")
    .slice(0, 32);
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
