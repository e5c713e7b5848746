import { describe, expect, it } from "vitest";
import {
  site,
  phoneHref,
  emailHref,
  addressLine,
  milesBetween,
  serviceAreaLine,
  townNames,
} from "../../src/config/site";
import { formatMoney } from "../../src/platform/money";
import { hoursLineOf, openingHoursOf } from "../../src/platform/time";
import { mainNavFor, footerQuickLinks, legalLinks } from "../../src/config/navigation";
import { services } from "../../src/data/services";

describe("site config", () => {
  it("names the brand and fills the title template", () => {
    expect(site.name).toBe("Kingdom Handyman Services");
    expect(`About Us | ${site.name}`).toBe("About Us | Kingdom Handyman Services");
  });

  it("uses an Ofcom drama-range phone number and a reserved e-mail domain", () => {
    // Ofcom reserves 0131 496 0000-0999 for drama: nobody real is called.
    expect(site.phone.display).toMatch(/^0131 496 0\d{3}$/);
    expect(site.phone.e164).toBe(`+44${site.phone.display.replace(/\s/g, "").slice(1)}`);
    expect(phoneHref).toBe(`tel:${site.phone.e164}`);
    expect(site.email).toMatch(/@[a-z0-9.-]+\.example$/);
    expect(emailHref).toBe(`mailto:${site.email}`);
  });

  it("has an address in Kirkcaldy, Scotland", () => {
    expect(site.address.locality).toBe("Kirkcaldy");
    expect(site.address.postalCode).toMatch(/^KY\d{1,2} \d[A-Z]{2}$/);
    expect(addressLine).toContain("Kirkcaldy");
  });

  it("lists three social networks with https links", () => {
    expect(site.socials).toHaveLength(3);
    for (const s of site.socials) expect(new URL(s.url).protocol).toBe("https:");
  });

  it("has one set of opening hours, and its one-line form says the same", () => {
    expect(openingHoursOf(site.hours.weekly).map((h) => `${h.short} ${h.hours}`)).toEqual([
      "Mon-Fri 8am-6pm",
      "Saturday 9am-4pm",
      "Sunday Closed (emergency only)",
    ]);
    expect(hoursLineOf(site.hours.weekly)).toBe(
      "Monday to Friday 8am-6pm, Saturday 9am-4pm, Sunday closed (emergency only)",
    );
  });

  it("has one reading of the service area: a 30-mile radius around the base in Kirkcaldy", () => {
    expect(site.serviceArea.radiusMiles).toBe(30);
    expect(serviceAreaLine).toBe("Kirkcaldy and everywhere within a 30-mile radius");
    expect(townNames).toHaveLength(8);
    expect(townNames).toContain("Edinburgh");
    expect(townNames).toContain(site.address.locality);
  });

  it("names only towns that lie inside the radius, with room to spare", () => {
    for (const town of site.serviceArea.towns) {
      const miles = milesBetween(site.address.geo, town);
      expect(miles, town.name).toBeLessThanOrEqual(site.serviceArea.radiusMiles - 5);
    }
    // The measure itself: Kirkcaldy to Edinburgh, Dundee and Stirling are 11, 25 and 30 miles as the crow flies.
    const at = (latitude: number, longitude: number) => ({ latitude, longitude });
    expect(milesBetween(site.address.geo, at(55.9533, -3.1883))).toBeCloseTo(11.3, 0);
    expect(milesBetween(site.address.geo, at(56.462, -2.9707))).toBeCloseTo(24.9, 0);
    expect(milesBetween(site.address.geo, at(56.1165, -3.9369))).toBeCloseTo(30, 0);
  });

  it("gives every service a pricing basis with its own quote sentence; only hourly prices are hourly", () => {
    for (const s of services) {
      expect(site.pricing[s.basis], s.id).toMatch(/before any work starts/);
      expect(s.basis === "hourly", s.id).toBe(s.per === "hour");
      // Prices are whole pence, and the words are the money formatter's.
      expect(Number.isSafeInteger(s.fromPence) && s.fromPence > 0, s.id).toBe(true);
      expect(s.pricing, s.id).toBe(`from ${formatMoney(s.fromPence, { dropZeroPence: true })} per ${s.per}`);
    }
    expect(site.pricing.hourly).toMatch(/by the hour/);
    expect(site.pricing["fixed-quote"]).toMatch(/fixed written quote/);
  });

  it("names the retention periods other code reads", () => {
    expect(site.retention).toMatchObject({
      closedRequestMonths: 12,
      spamDays: 30,
      sentMailBodyDays: 30,
      unclaimedUploadHours: 24,
    });
  });

  it("marks every claim only the owner can vouch for as unconfirmed until it is", () => {
    for (const claim of [
      site.address,
      site.company,
      site.stats,
      site.insurance,
      site.accreditations,
      site.processors,
    ])
      expect(claim.confirmed).toBe(false);
    expect(site.company.registeredIn).toBe("Scotland");
    expect(site.company.number).toMatch(/^SC\d{6}$/);
  });

  it("states the spec's stats, guarantees and payment terms", () => {
    expect(site.stats).toEqual({
      yearsExperience: "10+",
      projectsCompleted: "250+",
      happyClients: "99%",
      founded: 2010,
      confirmed: false,
    });
    expect(site.guarantees.workmanshipMonths).toBe(12);
    expect(site.guarantees.satisfaction).toBe("100%");
    expect(site.payment.terms).toMatch(/due on completion/i);
    expect(site.payment.methods).toHaveLength(4);
    expect(site.priceRange).toBe("££");
  });
});

describe("navigation", () => {
  it("has the header items with the published services under Services", () => {
    const mainNav = mainNavFor([
      { slug: "gutters", name: "Gutters" },
      { slug: "paint-wallpaper", name: "Paint & Wallpaper" },
    ]);
    expect(mainNav.map((n) => n.label)).toEqual(["Home", "Services", "About Us", "Contact Us", "FAQs"]);
    const children = mainNav.find((n) => n.label === "Services")?.children ?? [];
    expect(children).toEqual([
      { label: "Gutters", href: "/services/gutters" },
      { label: "Paint & Wallpaper", href: "/services/paint-wallpaper" },
    ]);
  });

  it("links the footer to every public page and the three policies", () => {
    const hrefs = [...footerQuickLinks, ...legalLinks].map((l) => l.href);
    for (const path of [
      "/",
      "/services",
      "/about-us",
      "/contact-us",
      "/faqs",
      "/testimonials",
      "/book-appointment",
      "/privacy-policy",
      "/terms-of-service",
      "/cookie-policy",
      "/review-policy",
    ])
      expect(hrefs).toContain(path);
  });
});
