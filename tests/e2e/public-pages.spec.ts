import { expect, test } from "@playwright/test";
import { brand, isSameOrigin, publicRoutes } from "./public-routes";

test.describe("every public page", () => {
  for (const route of publicRoutes) {
    test(`${route.path} answers with its title, one h1, canonical and social tags`, async ({
      page,
      baseURL,
    }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${route.title} | ${brand}`);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical ?? "").pathname).toBe(route.path);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-image\.png$/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const types = jsonLd.map((t) => (JSON.parse(t) as { "@type": string })["@type"]);
      expect(types).toContain("HomeAndConstructionBusiness");
      expect(baseURL).toBeTruthy();
    });
  }

  test("service pages carry Service and BreadcrumbList data; FAQ pages carry FAQPage", async ({ page }) => {
    await page.goto("/services/floor-carpet");
    let types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => (JSON.parse(t) as { "@type": string })["@type"],
    );
    expect(types).toEqual(expect.arrayContaining(["Service", "BreadcrumbList"]));
    await page.goto("/faqs");
    types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => (JSON.parse(t) as { "@type": string })["@type"],
    );
    expect(types).toContain("FAQPage");
  });

  test("pages without an island load no framework JavaScript, only the small frame script", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000); // nine pages in one test
    for (const route of publicRoutes.filter((r) => !r.islands)) {
      const scripts = new Map<string, number>();
      const onResponse = async (res: import("@playwright/test").Response) => {
        if (res.request().resourceType() !== "script" || res.status() !== 200) return;
        if (!isSameOrigin(res.url(), baseURL!)) return;
        scripts.set(res.url(), (await res.body()).length);
      };
      page.on("response", onResponse);
      await page.goto(route.path, { waitUntil: "networkidle" });
      page.off("response", onResponse);
      const names = [...scripts.keys()].join(" ");
      const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
      expect(names, route.path).not.toMatch(/client\.|react|island/i);
      expect(bytes, route.path).toBeLessThan(8_000);
    }
  });

  test("the HTML carries no inline script other than JSON-LD data", async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of ["/", "/faqs", "/contact-us", "/services/plumbing-heating"]) {
      await page.goto(path);
      const inline = await page.$$eval("script:not([src])", (els) =>
        els
          .filter((e) => e.getAttribute("type") !== "application/ld+json")
          .filter(
            (e) =>
              !(e.textContent ?? "").includes("astro-island") && !(e.textContent ?? "").includes("Astro"),
          )
          .map((e) => e.textContent),
      );
      expect(inline, path).toEqual([]);
    }
  });

  test("robots.txt, the sitemap and the web manifest are served", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    const sitemap = await (await request.get("/sitemap-0.xml")).text();
    expect(sitemap).toContain("/services/plumbing-heating");
    expect(sitemap).not.toContain("/admin");
    const manifest = (await (await request.get("/manifest.webmanifest")).json()) as { name: string };
    expect(manifest.name).toBe(brand);
  });
});
