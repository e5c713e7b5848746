/**
 * A self-hosted proof-of-work check for the public forms (docs/decisions/027-security-review-fixes.md):
 * when a client is near its daily limit, or the site near its daily confirmation e-mails, a post
 * must carry a solved challenge instead of being refused. The challenge is altcha-lib's (v1
 * format): find `number` ≤ `maxnumber` with SHA-256(salt + number) = `challenge`; the server signs
 * the challenge with an HMAC, so it stores nothing until a solution is used.
 *
 *   const c = await newChallenge(now);              // { algorithm, challenge, maxnumber, salt, signature }
 *   const ok = await useSolution(payload, ctx);     // valid, signed by us, not expired, first use
 *
 * The key is derived from RATE_LIMIT_SECRET with its own label. Each solution is accepted once:
 * the first use inserts a row in rate_limits (bucket `challenge-used:<signature>`, window = the
 * challenge's expiry), so replays on any function instance are refused; the housekeeping deletes
 * the rows with the other old windows.
 */
import { createHmac } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { site } from "../../config/site";
import type { ServiceContext } from "../../platform/context";
import { rateLimitSecret } from "../../platform/env";
import * as counters from "./repository";

const settings = site.security.challenge;

function hmacKey(): string {
  return createHmac("sha256", rateLimitSecret()).update("proof-of-work-challenge").digest("hex");
}

export type Challenge = Awaited<ReturnType<typeof createChallenge>>;

/** A fresh challenge, valid for `site.security.challenge.expiresMinutes` from `now`. */
export function newChallenge(now: Date): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    hmacKey: hmacKey(),
    maxnumber: settings.maxNumber,
    expires: new Date(now.getTime() + settings.expiresMinutes * 60_000),
  });
}

interface Solved {
  algorithm: "SHA-256";
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decode(payload: string): Solved | null {
  try {
    const value = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Partial<Solved> | null;
    if (
      value &&
      value.algorithm === "SHA-256" &&
      typeof value.challenge === "string" &&
      typeof value.salt === "string" &&
      typeof value.signature === "string" &&
      Number.isSafeInteger(value.number)
    ) {
      return value as Solved;
    }
  } catch {
    // not base64 JSON: refused below
  }
  return null;
}

/**
 * True when `payload` (base64 JSON, as the form's script sends it) solves a challenge this server
 * signed, which has not expired at `ctx.now`, and has not been used before; the use is recorded.
 */
export async function useSolution(payload: string, ctx: ServiceContext): Promise<boolean> {
  const solved = decode(payload);
  if (!solved) return false;
  const expires = Number(extractParams(solved).expires) * 1000;
  if (!Number.isFinite(expires) || expires <= ctx.now.getTime()) return false;
  if (!(await verifySolution(solved, hmacKey(), false))) return false;
  const uses = await counters.hit(`challenge-used:${solved.signature}`, expires, ctx.db);
  return uses === 1;
}
