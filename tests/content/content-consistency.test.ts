/**
 * The rendered pages state one set of facts: every public page is rendered through Astro's
 * container API (the real components, layouts and config) and read as a visitor reads it. Hours,
 * the service area, prices and the sentence about quotes, the company's trading disclosure and the
 * retention periods must agree with src/config/site.ts wherever they appear.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { getContainerRenderer as reactRenderer } from "@astrojs/react/container-renderer";
import { loadRenderers } from "astro:container";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companyDisclosure,
  registeredOfficeLine,
  serviceAreaLine,
  site,
  townNames,
} from "../../src/config/site";
import { formatMoney, poundsDecimal } from "../../src/platform/money";
import { openingHoursOf } from "../../src/platform/time";
import { firstPublicSite } from "../../src/features/site-content/service-public";
import { reviewRejectReasons } from "../../src/data/legal";
import { fixedPublicPaths } from "../../scripts/lib/public-pages.mjs";

type PageModule = {
  default: Parameters<AstroContainer["renderToString"]>[0];
  getStaticPaths?: () => Promise<{ params: Record<string, string>; props: Record<string, unknown> }[]>;
};
const modules = import.meta.glob<PageModule>("../../src/pages/**/*.astro");
/** Without a database the pages show the site's first published content, as here. */
const services = firstPublicSite().services;

function moduleFor(path: string): { file: string; id?: string } {
  if (path === "/") return { file: "../../src/pages/index.astro" };
  if (path === "/services") return { file: "../../src/pages/services/index.astro" };
  const service = /^\/services\/([a-z-]+)$/.exec(path);
  if (service) return { file: "../../src/pages/services/[id].astro", id: service[1]! };
  return { file: `../../src/pages${path}.astro` };
}

/** What a visitor reads: the body's text, without scripts, styles or JSON-LD, entities decoded. */
function visibleText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  return (
    body
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, " ")
      // Inline elements join the text around them as a browser shows it (so a lost space shows);
      // any other tag is a break.
      .replace(/<\/?(?:a|strong|em|b|i|span|code|time|abbr|small)\b[^>]*>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&nbsp;/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&copy;/g, "©")
      .replace(/\s+/g, " ")
      .trim()
  );
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

const pages = new Map<string, { html: string; text: string }>();
let container: AstroContainer;

/** The page files, and one page per service the services page's getStaticPaths builds. */
const publicPaths: string[] = [];

beforeAll(async () => {
  container = await AstroContainer.create({ renderers: await loadRenderers([reactRenderer()]) });
  const servicePage = await modules["../../src/pages/services/[id].astro"]!();
  const built: { params: Record<string, string> }[] = (await servicePage.getStaticPaths?.()) ?? [];
  const serviceIds: string[] = built.map((p) => p.params["id"]!);
  publicPaths.push(...fixedPublicPaths(), ...serviceIds.map((id) => `/services/${id}`));
  for (const path of publicPaths) {
    const { file, id } = moduleFor(path);
    const load = modules[file];
    if (!load) throw new Error(`no page module for ${path} (${file})`);
    const mod = await load();
    const entry = id ? (await mod.getStaticPaths?.())?.find((p) => p.params["id"] === id) : undefined;
    if (id && !entry) throw new Error(`getStaticPaths has no ${id}`);
    const html = await container.renderToString(mod.default, {
      request: new Request(new URL(path, site.defaultUrl)),
      ...(entry ? { params: entry.params, props: entry.props } : {}),
    });
    pages.set(path, { html, text: visibleText(html) });
  }
});

const all = () => [...pages.entries()];
const page = (path: string) => {
  const p = pages.get(path);
  if (!p) throw new Error(`${path} was not rendered`);
  return p;
};

describe("opening hours", () => {
  const timeRange = String.raw`\d{1,2}(?::\d{2})?\s?(?:am|pm)\s?[-–]\s?\d{1,2}(?::\d{2})?\s?(?:am|pm)`;
  const configured = new Set(openingHoursOf(site.hours.weekly).map((h) => h.hours));

  it("every time range on every page is one of the configured hours", () => {
    for (const [path, { text }] of all()) {
      for (const m of text.matchAll(new RegExp(timeRange, "gi")))
        expect(configured, `${path}: "${m[0]}"`).toContain(m[0]);
    }
  });

  it("every day or day range given a time is given the configured time", () => {
    const days = String.raw`(?:Mon(?:day)?|Tue(?:sday)?|Wed(?:nesday)?|Thu(?:rsday)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?)`;
    const labelled = new RegExp(String.raw`(${days}(?:\s?(?:to|-|–)\s?${days})?)[\s:,]*(${timeRange})`, "g");
    const allowed = new Map(
      openingHoursOf(site.hours.weekly).flatMap((h) => [
        [h.label, h.hours] as const,
        [h.short, h.hours] as const,
      ]),
    );
    let seen = 0;
    for (const [path, { text }] of all()) {
      for (const m of text.matchAll(labelled)) {
        seen++;
        expect(allowed.get(m[1]!), `${path}: "${m[0]}"`).toBe(m[2]);
      }
    }
    expect(seen).toBeGreaterThan(publicPaths.length); // the footer alone gives every page two
  });

  it("the contact, booking and every service page show the whole weekly table", () => {
    for (const path of ["/contact-us", "/book-appointment", ...services.map((s) => `/services/${s.slug}`)]) {
      const { text } = page(path);
      for (const h of openingHoursOf(site.hours.weekly))
        expect(text, path).toContain(`${h.label} ${h.hours}`);
    }
  });
});

describe("service area", () => {
  it("states one radius, always around the base", () => {
    for (const [path, { text }] of all()) {
      for (const m of text.matchAll(/(\d+)(?:-| )miles?\b/g))
        expect(Number(m[1]), `${path}: "${m[0]}"`).toBe(site.serviceArea.radiusMiles);
      for (const m of text.matchAll(/\b(?:miles?|radius) of (?:our base in )?([A-Z][a-z]+)/g))
        expect(m[1], `${path}: "${m[0]}"`).toBe(site.address.locality);
      expect(text, path).not.toMatch(/Edinburgh and everywhere within/);
    }
  });

  it("the contact page and the service pages give the same area line, and the contact page every town", () => {
    const contact = page("/contact-us").html;
    expect(page("/contact-us").text).toContain(`${serviceAreaLine}, including:`);
    const towns = /<ul[^>]*data-towns[^>]*>([\s\S]*?)<\/ul>/.exec(contact)?.[1] ?? "";
    expect([...towns.matchAll(/<li[^>]*>\s*([^<]+?)\s*<\/li>/g)].map((m) => m[1])).toEqual(townNames);
    for (const s of services) expect(page(`/services/${s.slug}`).text).toContain(serviceAreaLine);
  });

  it("the FAQ and the structured data name the same towns", () => {
    const faq = page("/faqs").text;
    for (const town of townNames) expect(faq).toContain(town);
    const business = jsonLd(page("/").html).find((d) => d["@type"] === "HomeAndConstructionBusiness");
    const cities = (business?.["areaServed"] as { "@type": string; name?: string }[])
      .filter((a) => a["@type"] === "City")
      .map((a) => a.name);
    expect(cities).toEqual(townNames);
  });
});

describe("prices and quotes", () => {
  it("every price on every page is one of the catalogue's, word for word", () => {
    const prices = new Set(services.map((s) => s.priceText.toLowerCase()));
    for (const [path, { text }] of all())
      for (const m of text.matchAll(/[Ff]rom £\d+ per [a-z ]+?(?=[.,;)]|\s[A-Z]|$)/g))
        expect(prices, `${path}: "${m[0]}"`).toContain(m[0].toLowerCase());
  });

  it("each service page pairs its price with the quote sentence for its pricing basis, and never the other", () => {
    for (const s of services) {
      const { text } = page(`/services/${s.slug}`);
      expect(text, s.slug).toContain(s.priceText);
      expect(text, s.slug).toContain(site.pricing[s.quoteBasis]);
      if (s.quoteBasis === "hourly") expect(text, s.slug).not.toMatch(/fixed (?:written )?(?:quote|price)/i);
      else expect(text, s.slug).not.toMatch(/by the hour/i);
    }
  });

  it("each service page's structured data offers the catalogue's price in pounds, from its pence", () => {
    for (const s of services) {
      const service = jsonLd(page(`/services/${s.slug}`).html).find((d) => d["@type"] === "Service");
      const offers = service?.["offers"] as { price?: string; priceCurrency?: string } | undefined;
      expect(offers, s.slug).toMatchObject({
        priceCurrency: "GBP",
        price: poundsDecimal(s.startingPricePence),
      });
      // The shown words and the number agree: "from £150 per room" and 150.00.
      expect(s.priceText, s.slug).toContain(formatMoney(s.startingPricePence, { dropZeroPence: true }));
    }
  });
});

describe("company details", () => {
  it("every page's footer gives the registered name, place of registration, number and office", () => {
    for (const [path, { text }] of all()) {
      expect(text, path).toContain(site.company.registeredName);
      expect(text, path).toContain(
        `Registered in ${site.company.registeredIn}, company number ${site.company.number}. Registered office: ${registeredOfficeLine}.`,
      );
    }
  });

  it("every legal page ends with the full disclosure", () => {
    for (const path of ["/privacy-policy", "/terms-of-service", "/cookie-policy", "/review-policy"])
      expect(page(path).text, path).toContain(`Company details ${companyDisclosure}`);
  });
});

describe("privacy policy", () => {
  it("states the retention periods from the config", () => {
    const { text } = page("/privacy-policy");
    const r = site.retention;
    expect(text).toContain(`then ${r.closedRequestMonths} months after we close them`);
    expect(text).toContain(`mark as spam: ${r.spamDays} days`);
    expect(text).toContain(`about your request: ${r.sentMailBodyDays} days`);
    expect(text).toContain(`never send with a form: ${r.unclaimedUploadHours} hours`);
    expect(text).toContain(`${r.accountingRecordYears} years`);
  });

  it("names what is collected and who processes it", () => {
    const { text } = page("/privacy-policy");
    expect(text).toContain("Photos, if you attach them");
    expect(text).toContain("The e-mails we send about your request");
    for (const p of [site.processors.hosting, site.processors.database])
      expect(text).toContain(`${p.name} ${p.role}`);
    expect(text.toLowerCase()).toContain(
      `${site.processors.mail.name} ${site.processors.mail.role}`.toLowerCase(),
    );
  });
});

describe("review policy", () => {
  it("lists the reject reasons, rules out the rating and says negative reviews are published", () => {
    const { text } = page("/review-policy");
    for (const r of reviewRejectReasons) expect(text).toContain(`${r.label}: ${r.description}`);
    expect(text).toContain("We never decide by the star rating.");
    expect(text).toContain("Negative reviews are published.");
    expect(text).toContain("Verified customer");
    expect(text).toContain("Digital Markets, Competition and Consumers Act 2024");
    expect(text).toContain(`tell us at ${site.email} or through our contact page`);
  });

  it("is linked from the testimonials page, next to the review form, and from the home page's reviews", () => {
    const testimonials = page("/testimonials").html;
    expect(testimonials).toMatch(/data-review-policy-link[^>]*>[\s\S]*?href="\/review-policy"/);
    expect(testimonials.match(/href="\/review-policy"/g)?.length).toBeGreaterThanOrEqual(3); // list, form, footer
    expect(page("/").html).toMatch(/id="testimonials"[\s\S]*?href="\/review-policy"/);
  });
});

describe("small fixes", () => {
  it("keeps a space between the two parts of a hero headline", () => {
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page("/").html)?.[1] ?? "";
    expect(visibleText(h1)).toBe(`Home repairs done properly, from ${site.address.locality} to Edinburgh`);
    expect(h1).toMatch(/properly, <span/);
  });

  it("gives the team cards no tab stop", () => {
    const about = page("/about-us").html;
    const team = /<section id="team"[\s\S]*?<\/section>/.exec(about)?.[0] ?? "";
    expect(team).toContain("<article");
    expect(team).not.toMatch(/tabindex/);
  });

  it("names no canonical URL on the not-found page, which is kept out of search", async () => {
    const load = modules["../../src/pages/404.astro"];
    const html = await container.renderToString((await load!()).default, {
      request: new Request(new URL("/no-such-page", site.defaultUrl)),
    });
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toMatch(/rel="canonical"/);
    expect(html).not.toMatch(/og:url/);
    expect(page("/").html).toMatch(/<link rel="canonical" href="[^"]+\/"/);
  });

  it("opens the map link in a new tab and says so", () => {
    const html = page("/contact-us").html;
    const map = html.slice(html.indexOf("data-map"));
    const link = /<a [^>]*openstreetmap\.org[^>]*>[\s\S]*?<\/a>/.exec(map)?.[0];
    expect(link).toMatch(/target="_blank"/);
    expect(link).toMatch(/rel="noopener"/);
    expect(visibleText(link ?? "")).toBe("Open the map in a new tab");
  });
});
