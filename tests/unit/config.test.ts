import { describe, expect, it } from "vitest";
import { site, phoneHref, emailHref, addressLine } from "../../src/config/site";
import { mainNav, footerQuickLinks, legalLinks } from "../../src/config/navigation";
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

  it("gives both readings of the hours", () => {
    expect(site.hours.weekly.map((h) => `${h.short} ${h.hours}`)).toEqual([
      "Mon-Fri 8am-6pm",
      "Saturday 9am-4pm",
      "Sunday Closed (emergency only)",
    ]);
    expect(site.hours.serviceDetail).toBe("Monday to Saturday, 8am-6pm");
  });

  it("gives both readings of the service area and the eight towns", () => {
    expect(site.serviceArea.radiusMiles).toBe(30);
    expect(site.serviceArea.edinburgh).toContain("Edinburgh");
    expect(site.serviceArea.kirkcaldy).toContain("Kirkcaldy");
    expect([...site.serviceArea.towns].sort()).toEqual(
      [
        "Dundee",
        "Dunfermline",
        "Edinburgh",
        "Falkirk",
        "Kirkcaldy",
        "Livingston",
        "Perth",
        "Stirling",
      ].sort(),
    );
  });

  it("states the spec's stats, guarantees and payment terms", () => {
    expect(site.stats).toEqual({
      yearsExperience: "10+",
      projectsCompleted: "250+",
      happyClients: "99%",
      founded: 2010,
    });
    expect(site.guarantees.workmanshipMonths).toBe(12);
    expect(site.guarantees.satisfaction).toBe("100%");
    expect(site.payment.terms).toMatch(/due on completion/i);
    expect(site.payment.methods).toHaveLength(4);
    expect(site.priceRange).toBe("££");
  });
});

describe("navigation", () => {
  it("has the spec's header items with the four services under Services", () => {
    expect(mainNav.map((n) => n.label)).toEqual(["Home", "Services", "About Us", "Contact Us", "FAQs"]);
    const children = mainNav.find((n) => n.label === "Services")?.children ?? [];
    expect(children.map((c) => c.href)).toEqual(services.map((s) => `/services/${s.id}`));
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
    ])
      expect(hrefs).toContain(path);
  });
});
