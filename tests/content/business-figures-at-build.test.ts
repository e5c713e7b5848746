/**
 * The figures, the founding year, the footer's description, the data processors, the insurance
 * and the accreditations the pages state come from the owner's published business details, read
 * when the site is built: on a migrated database served over the PostgreSQL protocol
 * (DATABASE_URL, as Netlify's build has it), the owner saves and publishes his own; the home, about
 * and privacy pages and the footer, rendered by Astro's container API, and the JSON-LD (read with
 * JSON.parse) state them and never the first install's; a figure saved after the publish is not on
 * the pages.
 */
import { describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { updateBusinessSettings } from "../../src/features/business/service";
import { publishSite } from "../../src/features/site-content/service-publish";
import { footerOf, mainOf, businessLd, textOf, pagesAfterPublish } from "./pages-at-build";

const { render } = pagesAfterPublish(async (ctx) => {
  await updateBusinessSettings(
    {
      stats: { founded: 2016, yearsExperience: "9", projectsCompleted: "320+", happyClients: "97%" },
      blurb: "A family firm from Kinghorn with a 12-month guarantee on every job.",
      processors: [
        { name: "Netlify", role: "hosts this website and runs its forms" },
        { name: "Supabase", role: "stores requests and reviews" },
        { name: "Postmark", role: "sends the e-mails about your request" },
      ],
      publicLiability: "£2 million",
      phone: "01592 612 345",
      gasPartner: "Gas Safe registered (no. 123456)",
      electricalPartner: "NAPIT approved",
    },
    ctx(),
  );
  await publishSite(ctx());
  // Saved after the publish: a draft the pages must not show.
  await updateBusinessSettings(
    { stats: { founded: 2016, yearsExperience: "9", projectsCompleted: "999+", happyClients: "97%" } },
    ctx(),
  );
});

describe("the pages built after the owner publishes his figures, processors and cover", () => {
  it("the footer gives the published founding year and description", async () => {
    const footer = footerOf(await render("/contact-us"));
    expect(footer).toContain(
      "Trusted, tidy home repairs since 2016. A family firm from Kinghorn with a 12-month guarantee on every job.",
    );
    expect(footer).not.toContain(String(site.stats.founded));
  });

  it("the home page states the published figures and year, never the first install's or the draft", async () => {
    const html = await render("/");
    const main = mainOf(html);
    expect(main).toContain("since 2016");
    // The call to action gives the published phone.
    expect(main).toContain("Call 01592 612 345");
    expect(html).toContain('href="tel:+441592612345"');
    // The hero's figures: each label, then its value.
    expect(main).toContain("Years of experience 9 Projects completed 320+ Happy clients 97%");
    expect(main).toContain("9 years of experience and 320+ projects completed");
    expect(main).not.toContain(site.stats.projectsCompleted);
    expect(main).not.toContain("999+");
    expect(businessLd(html)["foundingDate"]).toBe("2016");
  });

  it("the about page states the figures, the cover and both partners' registrations", async () => {
    // The team's biographies are the owner's own words (the Website screen), not these facts.
    const main = mainOf(await render("/about-us")).split("The people who will look after your home")[0]!;
    expect(main).toContain("9 years of experience and 320+ projects completed");
    expect(main).toContain("97% of our clients are happy with our work");
    expect(main).toContain("Fully insured, with £2 million public liability cover");
    expect(main).toContain(
      "Gas and certified electrical work done by our Gas Safe registered (no. 123456) and NAPIT approved partners",
    );
    expect(main).toContain("From one van in 2016");
    expect(main).not.toContain(site.insurance.publicLiability);
    expect(main).not.toContain(String(site.stats.founded));
  });

  it("the privacy policy names each published data processor", async () => {
    const html = await render("/privacy-policy");
    const list = textOf(/<ul data-processors>[\s\S]*?<\/ul>/.exec(html)![0]).trim();
    expect(list).toBe(
      "Netlify hosts this website and runs its forms; Supabase stores requests and reviews; Postmark sends the e-mails about your request.",
    );
  });
});
