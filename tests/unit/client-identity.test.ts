/**
 * Who a client is, for rate limits: Netlify's `context.ip`, never a header the client writes;
 * IPv6 by its /64; no address means one shared bucket; keys are an HMAC with RATE_LIMIT_SECRET.
 * Simulated clients (X-Forwarded-For) only with SIMULATE_CLIENTS=1 and never on Netlify.
 */
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clientAddress, clientBucket, clientKey } from "../../src/platform/http/request";

const saved = { ...process.env };
beforeEach(() => {
  delete process.env["SIMULATE_CLIENTS"];
  delete process.env["AWS_LAMBDA_RUNTIME_API"];
});
// Put back in place: replacing process.env with a plain object would cut it off from the process
// (a later TZ change, in a file sharing this worker, would no longer reach the clock).
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

const req = (headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/contact", { headers });

describe("the client's address", () => {
  it("is context.ip, whatever X-Forwarded-For or x-nf-client-connection-ip say", () => {
    const spoofed = req({ "x-forwarded-for": "10.0.0.1", "x-nf-client-connection-ip": "10.0.0.2" });
    expect(clientAddress(spoofed, { ip: "198.51.100.7" })).toBe("198.51.100.7");
    expect(clientKey(spoofed, { ip: "198.51.100.7" })).toBe(clientKey(req(), { ip: "198.51.100.7" }));
    // A new X-Forwarded-For per request is still the same client.
    const keys = new Set(
      Array.from({ length: 25 }, (_, i) =>
        clientKey(req({ "x-forwarded-for": `10.1.1.${i}` }), { ip: "198.51.100.7" }),
      ),
    );
    expect(keys.size).toBe(1);
  });

  it("without any address, is one shared bucket (fail closed)", () => {
    expect(clientAddress(req({ "x-forwarded-for": "10.0.0.1" }))).toBeUndefined();
    expect(clientBucket(undefined)).toBe("unknown");
    expect(clientBucket("not an address")).toBe("unknown");
    expect(clientKey(req({ "x-forwarded-for": "10.0.0.1" }))).toBe(
      clientKey(req({ "x-forwarded-for": "10.0.0.2" })),
    );
  });

  it("may be simulated (X-Simulated-Client, else X-Forwarded-For) only when SIMULATE_CLIENTS=1 and not on Netlify", () => {
    process.env["SIMULATE_CLIENTS"] = "1";
    expect(clientAddress(req({ "x-forwarded-for": "10.0.0.1, 127.0.0.1" }), { ip: "127.0.0.1" })).toBe(
      "10.0.0.1",
    );
    expect(clientAddress(req(), { ip: "127.0.0.1" })).toBe("127.0.0.1");
    // The own header wins: netlify-cli's proxy overwrites X-Forwarded-For with the socket's address.
    expect(
      clientAddress(req({ "x-simulated-client": "10.0.0.3", "x-forwarded-for": "::1" }), { ip: "::1" }),
    ).toBe("10.0.0.3");
    // netlify-cli's local runtime imitates some of Lambda's variables: still local.
    process.env["AWS_LAMBDA_FUNCTION_NAME"] = "contact";
    process.env["AWS_EXECUTION_ENV"] = "AWS_Lambda_nodejs24";
    expect(clientAddress(req({ "x-forwarded-for": "10.0.0.1" }), { ip: "198.51.100.7" })).toBe("10.0.0.1");
    process.env["AWS_LAMBDA_RUNTIME_API"] = "127.0.0.1:9001"; // a deployed function
    expect(clientAddress(req({ "x-forwarded-for": "10.0.0.1" }), { ip: "198.51.100.7" })).toBe(
      "198.51.100.7",
    );
    expect(clientAddress(req({ "x-simulated-client": "10.0.0.3" }), { ip: "198.51.100.7" })).toBe(
      "198.51.100.7",
    );
  });
});

describe("buckets", () => {
  it("key IPv6 clients by their /64, in any spelling", () => {
    const home = clientBucket("2001:db8:abcd:12::1");
    expect(home).toBe("2001:db8:abcd:12::/64");
    for (const other of [
      "2001:db8:abcd:12:ffff:ffff:ffff:ffff",
      "2001:0db8:abcd:0012:0:0:0:2",
      "[2001:db8:abcd:12::99]",
      "2001:db8:abcd:12::1%eth0",
    ]) {
      expect(clientBucket(other)).toBe(home);
    }
    expect(clientBucket("2001:db8:abcd:13::1")).not.toBe(home);
    expect(clientBucket("::1")).toBe("0:0:0:0::/64");
  });

  it("count an IPv4-mapped IPv6 address as its IPv4 address, and IPv4 as itself", () => {
    expect(clientBucket("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientBucket("203.0.113.9")).toBe("203.0.113.9");
    expect(clientBucket("203.0.113.10")).not.toBe(clientBucket("203.0.113.9"));
  });
});

describe("keys", () => {
  it("are an HMAC with RATE_LIMIT_SECRET, not a hash anyone can recompute", () => {
    const address = "203.0.113.9";
    const key = clientKey(req(), { ip: address });
    const plain = createHash("sha256").update(`client:${address}`).digest("hex").slice(0, 32);
    expect(key).not.toBe(plain);
    process.env["RATE_LIMIT_SECRET"] = "x".repeat(40);
    expect(clientKey(req(), { ip: address })).not.toBe(key);
  });

  it("cannot be made without the secret: the request is refused (503), not counted in the clear", () => {
    delete process.env["RATE_LIMIT_SECRET"];
    expect(() => clientKey(req(), { ip: "203.0.113.9" })).toThrow(/RATE_LIMIT_SECRET/);
    process.env["RATE_LIMIT_SECRET"] = "short";
    expect(() => clientKey(req(), { ip: "203.0.113.9" })).toThrow(/at least 32/);
  });
});
