/**
 * schema.org JSON-LD builders. The facts come from the site config and the content modules; who
 * the business is and how to reach it (legal name, company number, VAT number, phone, e-mail,
 * address) from the owner's business details at build (docs/decisions/055-identity-and-public-facts.md). Review data (aggregate rating) belongs to the live testimonials island, which
 * reads real approved reviews: nothing here claims a rating.
 */
import { site } from "../../config/site";
import type { Faq } from "../../data/content-shapes";
import type { PublicService } from "../../features/site-content/contract/public";
import { priceBasisUnit } from "../../features/site-content/contract/rules";
import type { PublicBusiness } from "../../features/business/contract/public-facts";
import { phoneE164 } from "../../features/business/contract/public-facts";
import { poundsDecimal } from "../../platform/money";

type Json = Record<string, unknown>;

export function absoluteUrl(path: string, base: URL | string): string {
  return new URL(path, base).href;
}

export function businessId(base: URL | string): string {
  return `${absoluteUrl("/", base)}#business`;
}

/** The towns the pages name by default: the site's first content (the build passes the published ones). */
const configTowns: readonly string[] = site.serviceArea.towns.map((t) => t.name);

export function businessJsonLd(
  base: URL | string,
  towns: readonly string[],
  { trader, facts, companyNumber }: PublicBusiness,
): Json {
  const telephone = phoneE164(facts.phone);
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": businessId(base),
    name: site.name,
    legalName: trader.legalName,
    // A company's Companies House number; a sole trader has none.
    ...(companyNumber
      ? {
          identifier: {
            "@type": "PropertyValue",
            propertyID: "Companies House number",
            value: companyNumber,
          },
        }
      : {}),
    ...(trader.vatNumber ? { vatID: trader.vatNumber } : {}),
    description: site.description,
    url: absoluteUrl("/", base),
    logo: absoluteUrl("/icon-512.png", base),
    image: absoluteUrl(site.ogImage.path, base),
    telephone,
    email: facts.email,
    priceRange: site.priceRange,
    foundingDate: String(facts.stats.founded),
    address: {
      "@type": "PostalAddress",
      streetAddress: facts.address.lines.join(", "),
      addressLocality: facts.address.town,
      addressRegion: site.address.region,
      postalCode: facts.address.postcode,
      addressCountry: site.address.countryCode,
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: site.address.geo.latitude,
      longitude: site.address.geo.longitude,
    },
    areaServed: [
      {
        "@type": "GeoCircle",
        geoMidpoint: {
          "@type": "GeoCoordinates",
          latitude: site.address.geo.latitude,
          longitude: site.address.geo.longitude,
        },
        // schema.org wants metres: 30 miles.
        geoRadius: Math.round(site.serviceArea.radiusMiles * 1609.344),
      },
      ...towns.map((name) => ({ "@type": "City", name })),
    ],
    openingHoursSpecification: site.hours.weekly
      .filter((h) => h.days.length > 0)
      .map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: h.days.map((d) => `https://schema.org/${d}`),
        opens: h.opens,
        closes: h.closes,
      })),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone,
      email: facts.email,
      areaServed: "GB",
      availableLanguage: "en-GB",
    },
    paymentAccepted: site.payment.methods.join(", "),
    sameAs: site.socials.map((s) => s.url),
  };
}

export function serviceJsonLd(
  service: PublicService,
  base: URL | string,
  towns: readonly string[] = configTowns,
): Json {
  const url = absoluteUrl(`/services/${service.slug}`, base);
  const unit = priceBasisUnit(service.priceBasis);
  const price = poundsDecimal(service.startingPricePence);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: service.name,
    serviceType: service.name,
    description: service.description.join(" "),
    url,
    provider: { "@id": businessId(base) },
    areaServed: towns.map((name) => ({ "@type": "City", name })),
    offers: {
      "@type": "Offer",
      priceCurrency: "GBP",
      // A starting price: the least the service costs, per unit (a fixed price is the price).
      price,
      priceSpecification: unit
        ? { "@type": "UnitPriceSpecification", priceCurrency: "GBP", minPrice: price, unitText: unit }
        : { "@type": "PriceSpecification", priceCurrency: "GBP", price },
      description: `${service.priceText[0]?.toUpperCase()}${service.priceText.slice(1)}`,
    },
  };
}

/**
 * The business's `makesOffer`: one Offer per published service, its starting price and what it is
 * per, pointing at the service's own node on its page.
 */
export function offersJsonLd(services: readonly PublicService[], base: URL | string): Json[] {
  return services.map((s) => {
    const offer = serviceJsonLd(s, base).offers as Json;
    return {
      ...offer,
      itemOffered: {
        "@type": "Service",
        "@id": `${absoluteUrl(`/services/${s.slug}`, base)}#service`,
        name: s.name,
      },
    };
  });
}

export function faqJsonLd(items: readonly Pick<Faq, "question" | "answer">[]): Json {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.answer },
    })),
  };
}

export interface Crumb {
  readonly name: string;
  readonly path: string;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], base: URL | string): Json {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.path, base),
    })),
  };
}

/** Serialises JSON-LD so it cannot close its script element early. */
export function serializeJsonLd(data: Json): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/**
 * The public path of a page. With `build.format: "file"` Astro reports /about-us as
 * "/about-us.html" and / as "/index.html" at build time; canonical URLs and "current page" checks
 * use the path visitors see.
 */
export function pagePath(pathname: string): string {
  return (
    pathname
      .replace(/\.html$/, "")
      .replace(/\/index$/, "/")
      .replace(/\/$/, "") || "/"
  );
}
