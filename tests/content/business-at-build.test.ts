/**
 * The pages name the trader and state the business's facts from the owner's saved settings
 * (docs/decisions/055-identity-and-public-facts.md), read when the site is built: on a migrated
 * database served over the PostgreSQL protocol (DATABASE_URL, as Netlify's build has it), the owner
 * switches to a sole trader and publishes a new phone and address; the footer, the terms, the
 * privacy policy and the contact page, rendered by Astro's container API, and the JSON-LD (read
 * with JSON.parse) name "Jane Smith trading as Kingdom Handyman Services" with no company number,
 * and state the published facts; a fact saved after the publish is not on the pages.
 */
import { describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { updateBusinessSettings } from "../../src/features/business/service";
import { publishSite } from "../../src/features/site-content/service-publish";
import { footerOf, businessLd, textOf, pagesAfterPublish } from "./pages-at-build";

const sole = `Jane Smith trading as ${site.name}`;

const { render } = pagesAfterPublish(async (ctx) => {
  await updateBusinessSettings(
    {
      tradingAs: "sole_trader",
      soleTraderName: "Jane Smith",
      phone: "01592 612 345",
      address: { lines: ["14 Harbour Road"], town: "Kinghorn", postcode: "KY3 9RX" },
    },
    ctx(),
  );
  await publishSite(ctx());
  // Saved after the publish: a draft the pages must not show.
  await updateBusinessSettings({ email: "draft@kinghorn.example" }, ctx());
});

describe("the pages built after the owner becomes a sole trader and publishes new contact details", () => {
  it("the footer names the sole trader, with no company number, and the published phone and address", async () => {
    const footer = footerOf(await render("/contact-us"));
    expect(footer).toContain(`${sole}. All rights reserved.`);
    expect(footer).not.toContain(site.company.registeredName);
    expect(footer).not.toMatch(/company number|SC\d{6}/i);
    expect(footer).toContain("01592 612 345");
    expect(footer).toContain("14 Harbour Road Kinghorn KY3 9RX");
    expect(footer).not.toContain("draft@kinghorn.example");
    expect(footer).toContain(site.email);
  });

  it("the terms and the privacy policy name the sole trader as who 'we' are", async () => {
    for (const path of ["/terms-of-service", "/privacy-policy"]) {
      const text = textOf(await render(path));
      expect(text, path).toContain(`${sole}, 14 Harbour Road, Kinghorn KY3 9RX.`);
      expect(text, path).not.toContain(site.company.registeredName);
      expect(text, path).not.toMatch(/company number/i);
      expect(text, path).toContain("01592 612 345");
    }
    expect(textOf(await render("/terms-of-service"))).toContain(
      `To ${sole}, 14 Harbour Road, Kinghorn KY3 9RX, phone 01592 612 345`,
    );
    expect(textOf(await render("/privacy-policy"))).toContain(`${sole} ("we", "us") is the data controller`);
  });

  it("the structured data's legalName is the sole trader's, with the published phone and address and no company number", async () => {
    const ld = businessLd(await render("/contact-us"));
    expect(ld["legalName"]).toBe(sole);
    expect(ld["identifier"]).toBeUndefined();
    expect(JSON.stringify(ld)).not.toMatch(/SC\d{6}|Companies House/);
    expect(ld["telephone"]).toBe("+441592612345");
    expect(ld["email"]).toBe(site.email);
    expect(ld["address"]).toMatchObject({
      streetAddress: "14 Harbour Road",
      addressLocality: "Kinghorn",
      postalCode: "KY3 9RX",
    });
  });

  it("the contact page gives the published phone and address", async () => {
    const html = await render("/contact-us");
    expect(html).toContain('href="tel:+441592612345"');
    expect(textOf(html)).toContain("Location 14 Harbour Road Kinghorn KY3 9RX");
  });
});
