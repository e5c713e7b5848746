import { createHmac } from "node:crypto";
import { rateLimitSecret } from "./env";

/**
 * The bucket key for a value (a client's address, an e-mail address): an HMAC with
 * RATE_LIMIT_SECRET, so nobody holding the table can reverse it by hashing every IPv4 address.
 * Throws (503 at the edge, fail closed) when the secret is not set.
 */
export function limitKey(purpose: string, value: string): string {
  return createHmac("sha256", rateLimitSecret()).update(`${purpose}:${value}`).digest("hex").slice(0, 32);
}
