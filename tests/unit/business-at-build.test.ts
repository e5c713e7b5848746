/**
 * The business as the pages state it at build (src/components/sections/business-at-build.ts):
 * without a database a fresh install's settings (the config's company and contact details); with a
 * database that cannot be read, the build stops instead of naming the wrong trader.
 */
import { afterEach, describe, expect, it } from "vitest";
import { businessAtBuild } from "../../src/components/sections/business-at-build";
import { companyDisclosure, site } from "../../src/config/site";

const saved = process.env["DATABASE_URL"];
afterEach(() => {
  if (saved === undefined) delete process.env["DATABASE_URL"];
  else process.env["DATABASE_URL"] = saved;
});

describe("the business at build", () => {
  it("without a database, states the company and contact details the site was set up with", async () => {
    delete process.env["DATABASE_URL"];
    const b = await businessAtBuild();
    expect(b.trader.legalName).toBe(site.company.registeredName);
    expect(b.trader.companyLine).toBe(companyDisclosure);
    expect(b.companyNumber).toBe(site.company.number);
    expect(b.facts).toMatchObject({ phone: site.phone.display, email: site.email });
    expect(b.facts.address.postcode).toBe(site.address.postalCode);
  });

  // Its own budget: with a DATABASE_URL the first call loads the business and site-content features
  // and the database driver (about 3 s on an idle machine, over 10 s on a busy one); the refusal
  // itself is immediate.
  it("fails the build when the database cannot be read", { timeout: 30_000 }, async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    process.env["DATABASE_URL"] = "postgres://postgres:postgres@127.0.0.1:1/postgres";
    await expect(businessAtBuild()).rejects.toThrow(/business details could not be read.*the build stops/s);
  });
});
