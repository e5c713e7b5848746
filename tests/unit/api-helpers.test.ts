/**
 * Pure parts of the public API: text rules shared with the database, the spam guard's edges, the
 * database-outage classifier, request parsing and the client key.
 */
import { describe, expect, it } from "vitest";
import { charLength, isStorableText } from "../../src/lib/form-fields/text";
import { isDatabaseUnavailable, pgErrorCode } from "../../src/platform/db/errors";
import { HttpError, toHttpError } from "../../src/platform/http/errors";
import { clientKey, idempotencyKey, readBody, wantsHtml } from "../../src/platform/http/request";
import { assertNotSpam } from "../../src/platform/http/spam-guard";
import { ConfigurationError, formMinFillMs, mailConfirmationsPerDay } from "../../src/platform/env";
import { minFillMs } from "../../src/lib/form-fields/spam-guard";

const codeOf = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.code : "other";
  }
};

describe("text rules", () => {
  it("counts characters as PostgreSQL does (code points)", () => {
    expect(charLength("abc")).toBe(3);
    expect(charLength("😀")).toBe(1);
    expect("😀".length).toBe(2);
    expect(charLength("é")).toBe(1);
  });

  it("refuses only what PostgreSQL cannot store exactly", () => {
    expect(isStorableText("Zoë 👩‍👩‍👧 <b>'; drop table x; --")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("a\ud800b")).toBe(false);
    expect(isStorableText("line\r\nbreak\ttab")).toBe(true);
  });
});

describe("spam guard", () => {
  const now = 1_800_000_000_000;
  it("accepts an empty honeypot and an empty start time (a form posted without JavaScript)", () => {
    expect(codeOf(() => assertNotSpam({ website: "", formStartedAt: "" }, now))).toBeNull();
    expect(codeOf(() => assertNotSpam({ website: "   ", formStartedAt: "" }, now))).toBeNull();
  });
  it("refuses a post that leaves the start-time field out, like one sent too fast", () => {
    expect(codeOf(() => assertNotSpam({}, now))).toBe("too_fast");
    expect(codeOf(() => assertNotSpam({ website: "" }, now))).toBe("too_fast");
  });
  it("refuses a filled honeypot", () => {
    expect(codeOf(() => assertNotSpam({ website: "x", formStartedAt: "" }, now))).toBe("spam_suspected");
    expect(codeOf(() => assertNotSpam({ website: 0, formStartedAt: "" }, now))).toBe("spam_suspected");
  });
  it("refuses a form sent within 3 s, accepts 3 s and more, and ignores a start in the future", () => {
    expect(codeOf(() => assertNotSpam({ formStartedAt: now - 2999 }, now))).toBe("too_fast");
    expect(codeOf(() => assertNotSpam({ formStartedAt: String(now - 100) }, now))).toBe("too_fast");
    expect(codeOf(() => assertNotSpam({ formStartedAt: now - 3000 }, now))).toBeNull();
    expect(codeOf(() => assertNotSpam({ formStartedAt: now + 60_000 }, now))).toBeNull();
    expect(codeOf(() => assertNotSpam({ formStartedAt: "soon" }, now))).toBeNull();
  });
  it("uses FORM_MIN_FILL_MS where a local stack lowers it", () => {
    expect(codeOf(() => assertNotSpam({ formStartedAt: now - 300 }, now, 200))).toBeNull();
    expect(codeOf(() => assertNotSpam({ formStartedAt: now - 100 }, now, 200))).toBe("too_fast");
  });
});

describe("FORM_MIN_FILL_MS", () => {
  it("is the production 3 s when unset or empty", () => {
    expect(minFillMs).toBe(3000);
    expect(formMinFillMs({})).toBe(3000);
    expect(formMinFillMs({ FORM_MIN_FILL_MS: " " })).toBe(3000);
  });
  it("may be lowered, or raised, off Netlify", () => {
    expect(formMinFillMs({ FORM_MIN_FILL_MS: "1000" })).toBe(1000);
    expect(formMinFillMs({ FORM_MIN_FILL_MS: "0" })).toBe(0);
    expect(formMinFillMs({ FORM_MIN_FILL_MS: "5000", AWS_LAMBDA_RUNTIME_API: "127.0.0.1:9001" })).toBe(5000);
  });
  it("is never lowered on a deployed site", () => {
    expect(formMinFillMs({ FORM_MIN_FILL_MS: "1000", AWS_LAMBDA_RUNTIME_API: "127.0.0.1:9001" })).toBe(3000);
  });
  it("refuses a value that is no whole number of milliseconds from 0 to 60000", () => {
    for (const bad of ["fast", "1.5", "-1", "60001"]) {
      expect(() => formMinFillMs({ FORM_MIN_FILL_MS: bad })).toThrow(ConfigurationError);
      expect(() => formMinFillMs({ FORM_MIN_FILL_MS: bad })).toThrow(/FORM_MIN_FILL_MS/);
    }
  });
});

describe("MAIL_CONFIRMATIONS_PER_DAY", () => {
  it("is 100 when unset or empty, and the number given otherwise", () => {
    expect(mailConfirmationsPerDay({})).toBe(100);
    expect(mailConfirmationsPerDay({ MAIL_CONFIRMATIONS_PER_DAY: "" })).toBe(100);
    expect(mailConfirmationsPerDay({ MAIL_CONFIRMATIONS_PER_DAY: "250" })).toBe(250);
  });
  it("refuses a value that is no whole number from 1 to 100000", () => {
    for (const bad of ["many", "2.5", "0", "100001"]) {
      expect(() => mailConfirmationsPerDay({ MAIL_CONFIRMATIONS_PER_DAY: bad })).toThrow(ConfigurationError);
      expect(() => mailConfirmationsPerDay({ MAIL_CONFIRMATIONS_PER_DAY: bad })).toThrow(
        /MAIL_CONFIRMATIONS_PER_DAY/,
      );
    }
  });
});

describe("database outage classifier", () => {
  it("recognises connection failures through Drizzle's wrapping", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable({ code: "57P01", severity: "FATAL", message: "terminating" })).toBe(true);
    expect(isDatabaseUnavailable({ code: "53300", severity: "FATAL" })).toBe(true);
    expect(isDatabaseUnavailable(new Error("Invalid server environment: DATABASE_URL: …"))).toBe(true);
    expect(toHttpError(refused).status).toBe(503);
  });
  it("leaves other errors alone", () => {
    const check = { code: "23514", severity: "ERROR", message: "violates check constraint" };
    expect(isDatabaseUnavailable(check)).toBe(false);
    expect(pgErrorCode(new Error("Failed query", { cause: check }))).toBe("23514");
    expect(toHttpError(new TypeError("bug")).status).toBe(500);
  });
});

describe("request parsing", () => {
  const req = (body: string, type: string, headers: Record<string, string> = {}) =>
    new Request("http://x/api", { method: "POST", headers: { "content-type": type, ...headers }, body });

  it("reads JSON objects and web forms (first value of a repeated field wins)", async () => {
    expect(await readBody(req('{"a":1}', "application/json; charset=utf-8"))).toEqual({
      kind: "json",
      data: { a: 1 },
    });
    expect(await readBody(req("a=1&a=2&b=%C3%A9+x", "application/x-www-form-urlencoded"))).toEqual({
      kind: "form",
      data: { a: "1", b: "é x" },
    });
  });

  it("refuses broken JSON, non-objects, invalid UTF-8 and other types", async () => {
    const code = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: HttpError) => `${e.status} ${e.code}`,
      );
    expect(await code(readBody(req("{", "application/json")))).toBe("400 malformed_json");
    expect(await code(readBody(req("[1]", "application/json")))).toBe("400 malformed_json");
    expect(await code(readBody(req("x", "text/plain")))).toBe("415 unsupported_media_type");
    const invalidUtf8 = new Request("http://x/api", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    expect(await code(readBody(invalidUtf8))).toBe("400 malformed_body");
    expect(await code(readBody(req("x".repeat(100), "application/json"), 10))).toBe("413 payload_too_large");
  });

  it("tells a browser's own form post from a script's", () => {
    expect(wantsHtml(req("", "application/x-www-form-urlencoded", { accept: "text/html,*/*" }))).toBe(true);
    expect(wantsHtml(req("", "application/x-www-form-urlencoded", { accept: "*/*" }))).toBe(false);
    expect(wantsHtml(req("", "application/json", { accept: "text/html" }))).toBe(false);
  });

  it("keys clients by a keyed hash of the address Netlify reports, never the address itself", () => {
    const a = clientKey(req("", "application/json"), { ip: "203.0.113.9" });
    const b = clientKey(req("", "application/json"), { ip: "203.0.113.9" });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toContain("203");
  });

  it("accepts a sane Idempotency-Key and refuses others", () => {
    const withKey = (key: string) => new Request("http://x", { headers: { "idempotency-key": key } });
    expect(idempotencyKey(withKey("3f1c2a9e-8d4b-4c1e-9a7f-0b2d6e5c4a31"))).toBe(
      "3f1c2a9e-8d4b-4c1e-9a7f-0b2d6e5c4a31",
    );
    expect(idempotencyKey(new Request("http://x"))).toBeUndefined();
    expect(codeOf(() => idempotencyKey(withKey("has space")))).toBe("invalid_idempotency_key");
    expect(codeOf(() => idempotencyKey(withKey("k".repeat(129))))).toBe("invalid_idempotency_key");
  });
});
