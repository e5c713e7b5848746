import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newIdempotencyKey, toOutcome } from "../../src/lib/api/forms";
import { parseRetryAfter } from "../../src/lib/api/errors";
import { failureText } from "../../src/islands/forms/use-form-submit";

const phone = { display: "0131 496 0472", href: "tel:+441314960472" };
const envelope = (code: string, message: string, fields?: Record<string, string>) =>
  JSON.stringify({ error: { code, message, ...(fields ? { fields } : {}) } });

describe("toOutcome", () => {
  it("treats 201 as success and keeps the body", async () => {
    const outcome = await toOutcome(new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    expect(outcome).toEqual({ kind: "ok", status: 201, body: { id: 7 } });
  });

  it("maps a 422 with fields to per-field messages", async () => {
    const res = new Response(
      envelope("validation_failed", "Check the form.", { name: "Please enter your name." }),
      {
        status: 422,
      },
    );
    expect(await toOutcome(res)).toEqual({
      kind: "invalid",
      code: "validation_failed",
      message: "Check the form.",
      fields: { name: "Please enter your name." },
    });
  });

  it("keeps a 422 without fields (the spam guard) as a refusal with the server's message", async () => {
    const res = new Response(envelope("too_fast", "Please wait a few seconds."), { status: 422 });
    expect(await toOutcome(res)).toEqual({
      kind: "invalid",
      code: "too_fast",
      message: "Please wait a few seconds.",
      fields: {},
    });
  });

  it("reads Retry-After on 429", async () => {
    const res = new Response(envelope("rate_limited", "Slow down."), {
      status: 429,
      headers: { "Retry-After": "120" },
    });
    expect(await toOutcome(res)).toEqual({
      kind: "rate-limited",
      message: "Slow down.",
      retryAfterSeconds: 120,
    });
  });

  it("reads the challenge of a 428 challenge_required, and says what happened if it cannot be solved", async () => {
    const challenge = {
      algorithm: "SHA-256",
      challenge: "ab",
      maxnumber: 10,
      salt: "s?expires=1&",
      signature: "cd",
    };
    const res = new Response(
      JSON.stringify({ error: { code: "challenge_required", message: "A short check.", challenge } }),
      { status: 428 },
    );
    const outcome = await toOutcome(res);
    expect(outcome).toEqual({ kind: "challenge", message: "A short check.", challenge });
    expect(failureText(outcome as Exclude<typeof outcome, { kind: "ok" }>, phone)).toBe(
      "A short check. Everything you typed is still here.",
    );
  });

  it("treats 503 and a body that is not JSON as a server failure, never as success", async () => {
    expect(await toOutcome(new Response("<html>Bad gateway</html>", { status: 503 }))).toMatchObject({
      kind: "server",
      status: 503,
    });
    expect(
      await toOutcome(new Response(envelope("database_unavailable", "Down."), { status: 503 })),
    ).toMatchObject({
      kind: "server",
      status: 503,
      message: "Down.",
    });
  });
});

describe("parseRetryAfter", () => {
  it("accepts delay-seconds and HTTP dates, and refuses junk", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(parseRetryAfter("30", now)).toBe(30);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:02:00 GMT", now)).toBe(120);
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe("newIdempotencyKey", () => {
  it("makes keys the API accepts (1-128 visible ASCII) and never repeats in a run", () => {
    const keys = new Set<string>();
    fc.assert(
      fc.property(fc.constant(null), () => {
        const key = newIdempotencyKey();
        expect(key).toMatch(/^[\x21-\x7e]{1,128}$/);
        expect(keys.has(key)).toBe(false);
        keys.add(key);
      }),
      { numRuns: 500 },
    );
  });
});

describe("failureText", () => {
  it("always tells the visitor what to do next and names the phone number", () => {
    for (const outcome of [
      { kind: "network" } as const,
      { kind: "server", status: 503, message: "x" } as const,
      { kind: "rate-limited", message: "x", retryAfterSeconds: 300 } as const,
      { kind: "rate-limited", message: "x", retryAfterSeconds: null } as const,
    ]) {
      const text = failureText(outcome, phone);
      expect(text).toMatch(/try again/);
      expect(text).toContain(phone.display);
    }
    expect(failureText({ kind: "rate-limited", message: "x", retryAfterSeconds: 300 }, phone)).toContain(
      "5 minutes",
    );
  });
});
