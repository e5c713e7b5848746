import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The production response headers, spelled out here on purpose rather than imported from
 * integrations/security-headers.ts: a change to what the site sends must change this file too.
 */
const csp =
  "default-src 'self'; script-src 'self' 'sha256-QzWFZi+FLIx23tnm9SBU4aEgx4x8DsuASP07mfqol/c=' 'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U=' 'sha256-Q2BPg90ZMplYY+FSdApNErhpWafg2hcRRbndmvxuL/Q=' 'sha256-BF0290pkb3jxQsE7z00xR8Imp8X34FLC88L0lkMnrGw='; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src https://www.openstreetmap.org; manifest-src 'self'; worker-src 'none'; form-action 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'; upgrade-insecure-requests";
/** The booking and contact pages preview picked photos from blob: URLs; no other page may load them. */
const photoPagesCsp = csp.replace("img-src 'self' data:", "img-src 'self' data: blob:");
/** The admin registers its service worker (/admin-sw.js, scope /admin); no other page may start a worker. */
const adminCsp = csp.replace("worker-src 'none'", "worker-src 'self'");
const security = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Content-Security-Policy": csp,
};
const rules = [
  { for: "/*", values: security },
  ...["/book-appointment", "/contact-us"].flatMap((page) =>
    [page, `${page}.html`, `${page}/`].map((p) => ({
      for: p,
      values: { "Content-Security-Policy": photoPagesCsp },
    })),
  ),
  ...["/admin", "/admin.html", "/admin/", "/admin/*"].map((p) => ({
    for: p,
    values: { "Content-Security-Policy": adminCsp },
  })),
  { for: "/_astro/*", values: { "Cache-Control": "public, max-age=31536000, immutable" } },
  // Gallery pictures: each file name carries its image id and size, and a changed picture is a new id.
  { for: "/media/gallery/*", values: { "Cache-Control": "public, max-age=31536000, immutable" } },
  { for: "/admin*", values: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } },
];

test("the production build serves exactly the site's security headers, CSP included, on every kind of path", async ({
  request,
}) => {
  const page = await request.get("/book-appointment");
  const asset = /\/_astro\/[^"']+\.js/.exec(await page.text())?.[0];
  expect(asset, "a bundled script on the booking page").toBeTruthy();
  const paths = [
    "/",
    "/book-appointment",
    "/contact-us",
    "/admin",
    "/admin/requests/7",
    "/robots.txt",
    asset!,
    "/no-such-page",
  ];
  for (const p of paths) {
    const res = await request.get(p);
    const headers = res.headers();
    const photoPage = p === "/book-appointment" || p === "/contact-us";
    const adminPage = p === "/admin" || p.startsWith("/admin/");
    for (const [name, value] of Object.entries(security)) {
      const expected =
        name === "Content-Security-Policy" && photoPage
          ? photoPagesCsp
          : name === "Content-Security-Policy" && adminPage
            ? adminCsp
            : value;
      expect(headers[name.toLowerCase()], `${name} on ${p}`).toBe(expected);
    }
  }
  expect((await request.get("/admin")).headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect((await request.get("/")).headers()["x-robots-tag"]).toBeUndefined();
  const csp = (await request.get("/")).headers()["content-security-policy"] ?? "";
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
});

test("the build hands Netlify exactly the site's header rules, the cache rules too", () => {
  const written = JSON.parse(readFileSync(path.resolve(".netlify/v1/config.json"), "utf8")) as {
    headers: unknown;
  };
  expect(written.headers).toEqual(rules);
});

test("the page works under its own Content-Security-Policy: no violations reported", async ({ page }) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  for (const p of ["/", "/contact-us", "/testimonials", "/faqs"]) {
    await page.goto(p, { waitUntil: "networkidle" });
  }
  expect(violations).toEqual([]);
});
