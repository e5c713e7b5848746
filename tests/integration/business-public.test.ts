/**
 * The business's public facts (docs/decisions/055-identity-and-public-facts.md) on a real database
 * (PGlite, and PostgreSQL under scripts/with-postgres.ts), through the functions: a UK phone, an
 * e-mail address and a UK postcode checked with clear messages and nothing stored on a refusal;
 * markup refused; a saved fact is a draft on both admin screens until the website is published,
 * which keeps the facts as the version's "business" part; a restore puts the earlier facts back;
 * what the pages read at build is the published facts with the trader in force.
 */
import { beforeEach, describe, expect, it } from "vitest";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import adminSite from "../../netlify/functions/admin-site.mts";
import { businessSettingsVersions } from "../../src/features/business/tables";
import { publicBusiness } from "../../src/features/business/service-public";
import { publishedBusinessPart } from "../../src/features/site-content/service-publish";
import {
  siteFaqs,
  sitePublications,
  siteServices,
  siteTeam,
  siteTowns,
} from "../../src/features/site-content/tables";
import { serviceContext } from "../../src/platform/context";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
const path = "/api/admin/settings/business";

/** Each test starts from a fresh install: the first content, published once, and no saved details. */
beforeEach(async () => {
  for (const table of [sitePublications, siteServices, siteFaqs, siteTeam, siteTowns])
    await t.db.delete(table);
  await t.db.delete(businessSettingsVersions);
  delete process.env["NETLIFY_BUILD_HOOK_URL"];
});

async function patch(body: unknown) {
  const owner = await adminClient();
  return owner.call(adminBusiness, "PATCH", path, { body });
}
async function get() {
  const owner = await adminClient();
  return owner.call(adminBusiness, "GET", path);
}
async function site() {
  const owner = await adminClient();
  return owner.call(adminSite, "GET", "/api/admin/site");
}
async function publish() {
  const owner = await adminClient();
  const res = await owner.call(adminSite, "POST", "/api/admin/site/publish");
  expect(res.status, res.text).toBe(202);
  expect(res.json.publish.state).toBe("live");
}
const atBuild = async () => {
  const ctx = serviceContext();
  return publicBusiness(await publishedBusinessPart(ctx), ctx.now, ctx.db);
};

const newAddress = { lines: ["14 Harbour Road"], town: "Kinghorn", postcode: "ky3 9rx" };

describe("the public facts: checked, kept as drafts, published", () => {
  it("refuses a bad phone, e-mail, postcode or markup with the field's message, and stores nothing", async () => {
    await site(); // the first install's published version
    const before = (await get()).json.business;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ phone: "12345" }, "phone", /UK phone number/],
      [{ phone: "+33 1 23 45 67 89" }, "phone", /UK phone number/],
      [{ email: "hello at example" }, "email", /e-mail address/],
      [{ address: { ...newAddress, postcode: "KY99 ZZZZ" } }, "address", /UK postcode/],
      [{ address: { ...newAddress, lines: ["<b>Unit 7</b>"] } }, "address", /without < or >/],
      [{ publicLiability: "<script>alert(1)</script>" }, "publicLiability", /without < or >/],
    ];
    for (const [body, field, message] of cases) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.fields[field]).toMatch(message);
    }
    const after = await get();
    expect(after.json.business).toEqual(before);
    expect(after.json.audit).toHaveLength(0);
  });

  it("saves a fact as a draft, shown on both screens, until the website is published", async () => {
    await site();
    const saved = await patch({
      phone: "01592 612 345",
      email: "jobs@kinghorn-handyman.example",
      address: newAddress,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.business.address).toEqual({
      lines: ["14 Harbour Road"],
      town: "Kinghorn",
      postcode: "KY3 9RX",
    });
    expect(saved.json.drafts.sort()).toEqual(["address", "email", "phone"]);
    expect(saved.json.published.phone).toBe("0131 496 0472");
    expect(saved.json.audit[0].changes.map((c: { field: string }) => c.field).sort()).toEqual([
      "address",
      "email",
      "phone",
    ]);

    const website = await site();
    expect(website.json.business.drafts.sort()).toEqual(["address", "email", "phone"]);
    expect(website.json.draftChanges).toBe(3);
    // The pages still state the published facts.
    expect((await atBuild()).facts.phone).toBe("0131 496 0472");

    await publish();
    expect((await get()).json.drafts).toEqual([]);
    expect((await site()).json.draftChanges).toBe(0);
    const built = await atBuild();
    expect(built.facts).toMatchObject({ phone: "01592 612 345", email: "jobs@kinghorn-handyman.example" });
    expect(built.trader.contact.address).toBe("14 Harbour Road, Kinghorn KY3 9RX");
    expect(built.registration).toContain("Registered office: 14 Harbour Road, Kinghorn KY3 9RX.");
  });

  it("a restore puts the earlier published facts back as the drafts and live", async () => {
    await site();
    await patch({ phone: "07700 900123" });
    await publish();
    expect((await atBuild()).facts.phone).toBe("07700 900123");
    const owner = await adminClient();
    const restored = await owner.call(adminSite, "POST", "/api/admin/site/restore");
    expect(restored.status, restored.text).toBe(202);
    expect((await atBuild()).facts.phone).toBe("0131 496 0472");
    const details = (await get()).json;
    expect(details.business.phone).toBe("0131 496 0472");
    expect(details.drafts).toEqual([]);
    expect(details.audit[0].changes).toEqual([{ field: "phone", from: "07700 900123", to: "0131 496 0472" }]);
  });

  it("names the trader in force at once, while the facts wait for publishing", async () => {
    await site();
    await patch({ tradingAs: "sole_trader", soleTraderName: "Jane Smith", phone: "01592 000 111" });
    const built = await atBuild();
    expect(built.trader.legalName).toBe("Jane Smith trading as Kingdom Handyman Services");
    expect(built.trader.companyLine).toBeNull();
    expect(built.registration).toBeNull();
    expect(built.companyNumber).toBeNull();
    expect(built.facts.phone).toBe("0131 496 0472");
  });
});
