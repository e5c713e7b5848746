/**
 * The pages' content at build (src/components/sections/site-at-build.ts): without a database the
 * site's own first content; with a database that cannot be read, the build stops instead of
 * publishing pages without the owner's content.
 */
import { afterEach, describe, expect, it } from "vitest";
import { siteAtBuild } from "../../src/components/sections/site-at-build";
import { faqs } from "../../src/data/faqs";
import { townNames } from "../../src/config/site";

const saved = process.env["DATABASE_URL"];
afterEach(() => {
  if (saved === undefined) delete process.env["DATABASE_URL"];
  else process.env["DATABASE_URL"] = saved;
});

describe("the website's content at build", () => {
  it("without a database, shows the questions the site was written with", async () => {
    delete process.env["DATABASE_URL"];
    const site = await siteAtBuild();
    expect(site.faqs.map((f) => f.question)).toEqual(faqs.map((f) => f.question));
    expect(site.faqs[0]!.answerText).toBe(faqs[0]!.answer);
    expect(site.towns).toEqual(townNames);
  });

  // Most of its time is the first load of the database client and the feature's server code (2.8 s
  // on an idle machine; the refused connection itself is immediate): a budget of its own, not the
  // unit tests' 5 s.
  it("fails the build when the database cannot be read", { timeout: 20_000 }, async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    process.env["DATABASE_URL"] = "postgres://postgres:postgres@127.0.0.1:1/postgres";
    await expect(siteAtBuild()).rejects.toThrow(/could not be read from the database.*the build stops/s);
  });
});
