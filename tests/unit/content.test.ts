import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { services, findService } from "../../src/data/services";
import { team } from "../../src/data/team";
import { faqs } from "../../src/data/faqs";
import { sampleTestimonials } from "../../src/data/testimonials";
import { serviceSchema } from "../../src/data/content-shapes";
import { firstPublicSite } from "../../src/features/site-content/service-public";
import { illustrationKeys, portraitKeys } from "../../src/assets/image-keys";
import { serviceCatalog } from "../../src/lib/service-catalog";
import { milesBetween, site, townNames } from "../../src/config/site";
import { firstPublicBusiness } from "../../src/features/business/service-public";
import {
  isSampleReview,
  reviewFingerprint,
  sampleReviewFingerprints,
} from "../../src/islands/testimonials/sample-reviews";
import {
  breadcrumbJsonLd,
  businessJsonLd,
  faqJsonLd,
  pagePath,
  serializeJsonLd,
  serviceJsonLd,
} from "../../src/components/seo/structured-data";
import { unknownServiceRedirect } from "../../src/components/layout/not-found";

const root = new URL("../../", import.meta.url);

describe("services content", () => {
  it("has the spec's four services with their ids, titles and prices, in order", () => {
    expect(services.map((s) => [s.id, s.fromPence, s.per])).toEqual([
      ["paint-wallpaper", 15_000, "room"],
      ["plumbing-heating", 8_000, "hour"],
      ["kitchen-bathroom", 25_000, "project"],
      ["floor-carpet", 1_200, "square foot"],
    ]);
    expect(services.map((s) => [s.id, s.title, s.pricing])).toEqual([
      ["paint-wallpaper", "Paint & Wallpaper", "from £150 per room"],
      ["plumbing-heating", "Plumbing & Heating", "from £80 per hour"],
      ["kitchen-bathroom", "Kitchen & Bathroom Fixing", "from £250 per project"],
      ["floor-carpet", "Floor & Carpet Installing", "from £12 per square foot"],
    ]);
    expect(services.map((s) => s.basis)).toEqual(["fixed-quote", "hourly", "fixed-quote", "fixed-quote"]);
  });

  it("gives every service five features and five process steps, none repeated", () => {
    for (const s of services) {
      expect(s.features, s.id).toHaveLength(5);
      expect(new Set(s.features).size, s.id).toBe(5);
      expect(s.process, s.id).toHaveLength(5);
      expect(new Set(s.process.map((p) => p.title)).size, s.id).toBe(5);
    }
  });

  it("agrees with the shared service catalogue used by forms and the admin", () => {
    const shared = (s: { id: string; title: string; fromPence: number; per: string; basis: string }) => ({
      id: s.id,
      title: s.title,
      fromPence: s.fromPence,
      per: s.per,
      basis: s.basis,
    });
    expect(services.map(shared)).toEqual(serviceCatalog.map(shared));
  });

  it("points every service at an image file that exists and has alt text", () => {
    for (const s of services) {
      expect(existsSync(new URL(`src/assets/illustrations/${s.image}.svg`, root)), s.image).toBe(true);
      expect(s.imageAlt.length).toBeGreaterThan(10);
    }
  });

  it("rejects a service with four features", () => {
    const broken = { ...services[0], features: services[0]!.features.slice(0, 4) };
    expect(serviceSchema.safeParse(broken).success).toBe(false);
  });

  it("finds a service by id and returns nothing for an unknown id", () => {
    expect(findService("floor-carpet")?.title).toBe("Floor & Carpet Installing");
    expect(findService("roofing")).toBeUndefined();
  });
});

describe("team, FAQs and sample testimonials", () => {
  it("has four team members with unique ids, a position, a bio and a portrait file", () => {
    expect(team).toHaveLength(4);
    expect(new Set(team.map((m) => m.id)).size).toBe(4);
    for (const m of team) {
      expect(m.position.length).toBeGreaterThan(3);
      expect(m.bio.length).toBeGreaterThan(60);
      expect(existsSync(new URL(`src/assets/team/${m.image}.svg`, root)), m.image).toBe(true);
    }
  });

  it("has the six FAQ topics the spec names, each a question with an answer", () => {
    expect(faqs.map((f) => f.topic)).toEqual([
      "response-time",
      "free-estimates",
      "licensed-insured",
      "areas-served",
      "guarantees",
      "payment",
    ]);
    for (const f of faqs) {
      expect(f.question.endsWith("?")).toBe(true);
      expect(f.answer.length).toBeGreaterThan(40);
    }
  });

  it("takes the FAQ facts from the site config, and names no phone number the owner may change", () => {
    const text = faqs.map((f) => f.answer).join(" ");
    // The seed is copied into the database once; a number in it would outlive a new published phone.
    expect(text).not.toContain(site.phone.display);
    expect(text).not.toMatch(/\b0\d{3,4} ?\d{3} ?\d{3,4}\b/);
    expect(text).toContain(`${site.guarantees.workmanshipMonths}-month`);
    for (const town of townNames) expect(text).toContain(town);
    expect(text).toContain(site.insurance.publicLiability);
    expect(text).toContain(site.accreditations.gasPartner);
  });

  it("has six sample testimonials, rated 4 or 5, from towns inside the service area", () => {
    expect(sampleTestimonials).toHaveLength(6);
    for (const t of sampleTestimonials) {
      expect([4, 5]).toContain(t.rating);
      const town = site.serviceArea.towns.find((x) => x.name === t.location);
      expect(town, t.location).toBeDefined();
      expect(milesBetween(site.address.geo, town!)).toBeLessThanOrEqual(site.serviceArea.radiusMiles);
    }
    expect(new Set(sampleTestimonials.map((t) => t.id)).size).toBe(6);
  });

  it("recognises every sample review, and nothing else, by its shipped fingerprint", () => {
    expect(new Set(sampleTestimonials.map(reviewFingerprint))).toEqual(sampleReviewFingerprints);
    for (const t of sampleTestimonials) expect(isSampleReview(t)).toBe(true);
    const first = sampleTestimonials[0]!;
    expect(isSampleReview({ name: first.name, text: `${first.text} ` })).toBe(false);
    expect(isSampleReview({ name: "Someone Else", text: first.text })).toBe(false);
  });

  it("marks the shipped team as samples", () => {
    for (const m of team) expect(m.sample, m.id).toBe(true);
  });

  it("has a file for every named image", () => {
    for (const key of illustrationKeys)
      expect(existsSync(new URL(`src/assets/illustrations/${key}.svg`, root))).toBe(true);
    for (const key of portraitKeys)
      expect(existsSync(new URL(`src/assets/team/${key}.svg`, root))).toBe(true);
  });

  it("contains no placeholder copy", () => {
    const all = JSON.stringify({ services, team, faqs, sampleTestimonials });
    expect(all).not.toMatch(/lorem|ipsum|TODO|TBD|placeholder/i);
  });
});

describe("structured data", () => {
  const base = "https://www.example.org";
  const published = firstPublicSite().services;
  /** A fresh install's business (the build passes the owner's saved and published details). */
  const business = firstPublicBusiness("2026-11-28");

  it("describes the business with address, area served, hours, price range and contact", () => {
    const b = businessJsonLd(base, townNames, business);
    expect(b["@type"]).toBe("HomeAndConstructionBusiness");
    expect(b.priceRange).toBe("££");
    expect(b.telephone).toBe(site.phone.e164);
    expect(b).toMatchObject({
      address: { addressLocality: "Kirkcaldy", postalCode: site.address.postalCode },
    });
    expect(JSON.stringify(b.areaServed)).toContain("GeoCircle");
    expect(b.openingHoursSpecification).toHaveLength(2);
  });

  it("never claims a rating: reviews are the live island's to describe", () => {
    const all = JSON.stringify([
      businessJsonLd(base, townNames, business),
      ...published.map((s) => serviceJsonLd(s, base)),
      faqJsonLd(faqs),
    ]);
    expect(all).not.toMatch(/aggregateRating|ratingValue|4\.8/);
  });

  it("builds a service offer in pounds linked to the business", () => {
    const s = serviceJsonLd(published[1]!, base);
    expect(s).toMatchObject({
      "@type": "Service",
      url: `${base}/services/plumbing-heating`,
      provider: { "@id": `${base}/#business` },
      offers: {
        priceCurrency: "GBP",
        price: "80.00",
        priceSpecification: { minPrice: "80.00", priceCurrency: "GBP", unitText: "hour" },
        description: "From £80 per hour",
      },
    });
  });

  it("takes every offer's price from the published pence, not from the words", () => {
    for (const s of published) {
      const offer = serviceJsonLd(s, base)["offers"] as { price: string };
      expect(Number(offer.price.replace(".", "")), s.slug).toBe(s.startingPricePence);
    }
  });

  it("states a fixed price as the price itself, with no unit", () => {
    const fixed = {
      ...published[0]!,
      startingPricePence: 9_550,
      priceBasis: "fixed" as const,
      priceText: "£95.50 fixed price",
    };
    expect(serviceJsonLd(fixed, base)["offers"]).toMatchObject({
      price: "95.50",
      priceSpecification: { "@type": "PriceSpecification", price: "95.50" },
    });
  });

  it("lists every FAQ and numbers breadcrumbs from one", () => {
    expect((faqJsonLd(faqs).mainEntity as unknown[]).length).toBe(6);
    const crumbs = breadcrumbJsonLd(
      [
        { name: "Home", path: "/" },
        { name: "Services", path: "/services" },
      ],
      base,
    );
    expect(crumbs.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${base}/` },
      { "@type": "ListItem", position: 2, name: "Services", item: `${base}/services` },
    ]);
  });

  it("cannot close its script element early", () => {
    expect(serializeJsonLd({ text: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});

describe("unknown service redirect", () => {
  it("sends any path under /services/ to /services and leaves others alone", () => {
    expect(unknownServiceRedirect("/services/roofing")).toBe("/services");
    expect(unknownServiceRedirect("/services/a/b")).toBe("/services");
    expect(unknownServiceRedirect("/services")).toBeNull();
    expect(unknownServiceRedirect("/servicesx")).toBeNull();
    expect(unknownServiceRedirect("/nope")).toBeNull();
  });
});

describe("source hygiene", () => {
  it("spells the phone number and e-mail only in the site config", () => {
    const files = [
      "src/data/services.ts",
      "src/data/faqs.ts",
      "src/data/team.ts",
      "src/components/layout/Footer.astro",
      "src/components/layout/TopBar.astro",
      "src/components/layout/Header.astro",
      "src/pages/contact-us.astro",
      "src/pages/privacy-policy.astro",
      "src/pages/review-policy.astro",
      "src/pages/terms-of-service.astro",
    ];
    for (const f of files) {
      const text = readFileSync(new URL(f, root), "utf8");
      expect(text, f).not.toContain(site.phone.display);
      expect(text, f).not.toContain(site.email);
      expect(text, f).not.toContain(site.name);
    }
  });
});

describe("page paths", () => {
  it("turns Astro's file-format build paths into the paths visitors see", () => {
    expect(pagePath("/index.html")).toBe("/");
    expect(pagePath("/")).toBe("/");
    expect(pagePath("/about-us.html")).toBe("/about-us");
    expect(pagePath("/services/floor-carpet.html")).toBe("/services/floor-carpet");
    expect(pagePath("/services/")).toBe("/services");
  });
});
