/**
 * Calls a page starts before its app loads (src/lib/api/early.ts), against a real HTTP server:
 * the app's own GET takes the answer already on its way instead of asking again, only once, only
 * while fresh, and never after the page has sent a change.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { takeEarly } from "../../src/lib/api/early";
import { firstCallsFor, startEarly } from "../../src/lib/api/early-start";
import { firstCalls } from "../../src/admin/first-calls";

let server: Server;
let base = "";
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ url: req.url, n: hits.get(req.url!) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("calls started early", () => {
  it("answers the app's GET from the call already made, once", async () => {
    const url = `${base}/summary-once`;
    startEarly([url], 5_000);
    const early = takeEarly("GET", url);
    expect(early).toBeDefined();
    expect(await (await early!).json()).toEqual({ url: "/summary-once", n: 1 });
    expect(takeEarly("GET", url)).toBeUndefined();
    expect(hits.get("/summary-once")).toBe(1);
  });

  it("is not used for another address, or once it is no longer fresh", async () => {
    const url = `${base}/summary-stale`;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      startEarly([url], 5_000);
      expect(takeEarly("GET", `${base}/summary-stale?type=all`)).toBeUndefined();
      vi.setSystemTime(Date.now() + 10_001);
      expect(takeEarly("GET", url)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops every early answer when the page sends a change", async () => {
    const url = `${base}/summary-changed`;
    startEarly([url, `${base}/attention-changed`], 5_000);
    expect(takeEarly("POST", `${base}/something`)).toBeUndefined();
    expect(takeEarly("GET", url)).toBeUndefined();
    expect(takeEarly("GET", `${base}/attention-changed`)).toBeUndefined();
  });

  it("hands over a failed call as it failed, for the app's own error handling", async () => {
    const url = "http://127.0.0.1:9/nobody-listens";
    startEarly([url], 5_000);
    await expect(takeEarly("GET", url)!).rejects.toThrow();
  });
});

describe("the admin page's first calls", () => {
  it("asks for the session everywhere, and the screen's data only for its plain address", () => {
    expect(firstCallsFor(firstCalls, "/admin", "")).toEqual([
      "/api/admin/session",
      "/api/admin/summary",
      "/api/admin/attention",
      "/api/admin/money",
    ]);
    expect(firstCallsFor(firstCalls, "/admin/submissions/", "")).toEqual([
      "/api/admin/session",
      "/api/admin/submissions?type=all",
    ]);
    expect(firstCallsFor(firstCalls, "/admin/submissions", "?q=smith")).toEqual(["/api/admin/session"]);
    expect(firstCallsFor(firstCalls, "/admin/schedule", "")).toEqual(["/api/admin/session"]);
  });
});
