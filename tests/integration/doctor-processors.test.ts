/**
 * `npm run doctor`'s finding about the privacy policy's data processors, with the facts read from
 * the database (scripts/lib/launch-facts-db.ts), on a real database (PGlite, and PostgreSQL under
 * scripts/with-postgres.ts): it names the processors the owner saved in Business details (through
 * the real handler), not the config's placeholder mail provider, with the dashboard's advice; and
 * it is gone once the owner confirms them.
 */
import { describe, expect, it } from "vitest";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import { dashboardAdvice, factsFromDb } from "../../scripts/lib/launch-facts-db";
import { facts as configFacts } from "../../scripts/lib/launch-facts";
import { placeholderFindings } from "../../scripts/lib/launch-check";
import { site } from "../../src/config/site";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();

async function patch(body: unknown) {
  const res = await (
    await adminClient()
  ).call(adminBusiness, "PATCH", "/api/admin/settings/business", { body });
  expect(res.status, res.text).toBe(200);
}
const processorsFinding = async () =>
  placeholderFindings(await factsFromDb(configFacts, t.db)).find((f) => f.key === "site.processors");

describe("the data processors in npm run doctor", () => {
  it("names the processors the owner saved, then nothing once he confirms them", async () => {
    await patch({
      processors: [
        { name: "Netlify", role: "hosts this website and runs its forms" },
        { name: "Supabase", role: "stores requests in its database" },
        { name: "Postmark", role: "sends the e-mails about your request" },
      ],
    });
    const finding = await processorsFinding();
    expect(finding?.message).toBe(
      "the privacy policy's data processors need confirming: Netlify (hosts this website and runs its forms); Supabase (stores requests in its database); Postmark (sends the e-mails about your request). Check each is the company you use and has a data processing agreement, then set processors.confirmed: true.",
    );
    expect(finding?.message).not.toContain(site.processors.mail.name);
    expect(dashboardAdvice(finding!.message)).toMatch(
      /data processing agreement, then confirm it on the admin dashboard's launch checklist\.$/,
    );

    await patch({ confirm: "processors" });
    expect(await processorsFinding()).toBeUndefined();

    // A change to the list takes the confirmation away, and the finding names the new list.
    await patch({ processors: [{ name: "Netlify", role: "hosts this website" }] });
    expect((await processorsFinding())?.message).toContain("confirming: Netlify (hosts this website).");
  });

  it("without the database, names the config's mail provider as before", () => {
    const finding = placeholderFindings(configFacts).find((f) => f.key === "site.processors");
    expect(finding?.message).toContain(`the mail provider is "${site.processors.mail.name}"`);
  });
});
