/**
 * The browser tests' host (scripts/lib/site-host.ts) routes as Netlify does: functions by their
 * `config.path`, then netlify.toml's redirects (forced or shadowed by a file), then files with
 * pretty URLs, else 404.html; the build's header rules on static answers only. It listens on
 * 127.0.0.1 only and answers only its own loopback names (docs/decisions/043-security-by-default.md).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSiteHost, type SiteHost } from "../../scripts/lib/site-host";
import { goneRules } from "../../integrations/service-addresses";

let root: string;
let host: SiteHost;
const finished: string[] = [];

async function put(file: string, text: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "kh-site-host-"));
  await put("dist/index.html", "<h1>home</h1>");
  await put("dist/about.html", "<h1>about</h1>");
  await put("dist/app.html", "<h1>app shell</h1>");
  await put("dist/old/kept.html", "<h1>kept</h1>");
  await put("dist/404.html", "<h1>not found</h1>");
  await put("dist/services/fences.html", "<h1>fences</h1>");
  await put("dist/gone/services/gutters.html", "<h1>gutters: no longer offered</h1>");
  await put("dist/_astro/app.js", "console.log(1)");
  await put("secret.txt", "outside dist");
  await put(
    "netlify.toml",
    [
      "[[redirects]]",
      'from = "/services/*"',
      'to = "/about"',
      "status = 302",
      "[[redirects]]",
      'from = "/old/*"',
      'to = "/about"',
      "status = 302",
      "[[redirects]]",
      'from = "/app/*"',
      'to = "/app"',
      "status = 200",
      "force = true",
    ].join("\n"),
  );
  await put(
    ".netlify/v1/config.json",
    JSON.stringify({
      // What integrations/service-addresses.ts writes for a hidden service.
      redirects: goneRules(["gutters.html"]),
      headers: [
        { for: "/*", values: { "X-Frame-Options": "DENY", "Cache-Control": "public, max-age=0" } },
        { for: "/_astro/*", values: { "Cache-Control": "public, max-age=31536000, immutable" } },
        { for: "/app*", values: { "Cache-Control": "no-store" } },
      ],
    }),
  );
  await put(
    "netlify/functions/echo.mjs",
    `export default async (req, context) => {
       const body = req.method === "POST" ? await req.text() : "";
       context.waitUntil(new Promise((resolve) => setTimeout(() => { globalThis.__siteHostDone?.push(req.url); resolve(); }, 20)));
       return Response.json({ method: req.method, params: context.params, ip: context.ip, body }, { status: 201, headers: { "set-cookie": "a=1" } });
     };
     export const config = { path: ["/api/echo", "/api/echo/:id"] };`,
  );
  await put(
    "netlify/functions/tick.mjs",
    `export default async () => new Response("tick");
     export const config = { schedule: "@hourly" };`,
  );
  (globalThis as { __siteHostDone?: string[] }).__siteHostDone = finished;
  host = await startSiteHost({ port: 0, blobsDir: path.join(root, "blobs"), root });
});

afterAll(async () => {
  await host?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (p: string, init?: RequestInit) => fetch(`${host.url}${p}`, { redirect: "manual", ...init });

describe("the browser tests' site host", () => {
  it("runs a function matched by its config.path, with params, ip and a streamed body; no header rules on it", async () => {
    const res = await get("/api/echo/42", { method: "POST", body: "hello" });
    expect(res.status).toBe(201);
    expect(res.headers.get("set-cookie")).toBe("a=1");
    expect(res.headers.get("x-frame-options")).toBeNull();
    const body = (await res.json()) as {
      method: string;
      params: Record<string, string>;
      ip: string;
      body: string;
    };
    expect(body).toMatchObject({ method: "POST", params: { id: "42" }, body: "hello" });
    expect(body.ip).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it("serves files with pretty URLs and the build's header rules, a later rule winning", async () => {
    const about = await get("/about");
    expect(about.status).toBe(200);
    expect(about.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await about.text()).toContain("about");
    expect(about.headers.get("x-frame-options")).toBe("DENY");
    const asset = await get("/_astro/app.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await (await get("/")).text()).toContain("home");
  });

  it("compresses text as the CDN does when the browser accepts gzip, and never images", async () => {
    const plain = await get("/_astro/app.js", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const zipped = await get("/_astro/app.js", { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    // fetch undoes the gzip: the text arrives as written.
    expect(await zipped.text()).toBe("console.log(1)");
  });

  it("applies a redirect only where no file shadows it, keeps the query, and a forced rewrite keeps the address", async () => {
    const moved = await get("/old/gone?x=1");
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/about?x=1");
    const kept = await get("/old/kept");
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain("kept");
    const app = await get("/app/requests/42");
    expect(app.status).toBe(200);
    expect(await app.text()).toContain("app shell");
    expect(app.headers.get("cache-control")).toBe("no-store");
  });

  it("answers a hidden service's address 410 with its page, before netlify.toml's rules; a live one is served", async () => {
    const gone = await get("/services/gutters");
    expect(gone.status).toBe(410);
    expect(gone.headers.get("location")).toBeNull();
    expect(await gone.text()).toContain("no longer offered");
    expect(gone.headers.get("x-frame-options")).toBe("DENY");
    expect((await get("/services/fences")).status).toBe(200);
    expect((await get("/services/never-was")).headers.get("location")).toBe("/about");
  });

  it("answers an unknown address, a scheduled function's name and a path out of dist/ with 404.html", async () => {
    for (const p of ["/nowhere", "/api/tick", "/../secret.txt", "/%2e%2e/secret.txt"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).toContain("not found");
    }
    expect((await get("/nowhere")).headers.get("x-frame-options")).toBe("DENY");
  });

  it("lets a function's waitUntil work finish after the answer", async () => {
    await get("/api/echo");
    await expect.poll(() => finished.some((url) => url.endsWith("/api/echo"))).toBe(true);
  });

  it("listens on 127.0.0.1 only and refuses another Host before any function runs (421)", async () => {
    const port = Number(new URL(host.url).port);
    const status = (hostHeader: string, address = "127.0.0.1") =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: address, port, path: "/api/echo/rebound", method: "POST", headers: { host: hostHeader } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end("x");
      });
    const before = finished.length;
    expect(await status(`attacker.example:${port}`)).toBe(421);
    expect(await status(`192.168.1.20:${port}`)).toBe(421);
    expect(await status(`localhost:${port + 1}`)).toBe(421);
    await new Promise((r) => setTimeout(r, 50));
    expect(finished.slice(before).some((url) => url.includes("rebound"))).toBe(false);
    expect(await status(`127.0.0.1:${port}`)).toBe(201);
    expect(await status(`[::1]:${port}`)).toBe(201);
    // Nothing listens on the machine's other addresses: ::1 itself is refused.
    await expect(status(`localhost:${port}`, "::1")).rejects.toThrow(/ECONNREFUSED|EADDRNOTAVAIL/);
  });
});
