/**
 * The launch facts as the owner's saved business details state them
 * (docs/decisions/055-identity-and-public-facts.md): `npm run doctor` with DATABASE_URL reads the
 * phone, e-mail, company and cover the site states, and the launch checklist's confirmations the
 * owner gave on the admin dashboard, instead of the config's `confirmed` flags.
 */
import { currentBusiness } from "../../src/features/business";
import { phoneE164 } from "../../src/features/business/contract/public-facts";
import type { ChecklistItem } from "../../src/features/business/contract/checklist";
import type { BusinessSettings } from "../../src/features/business/contract/identity";
import { openDatabase } from "../../src/platform/db/client";
import type { LaunchFacts } from "./launch-check";

/** The facts with the saved settings' values and confirmations in place of the config's. */
export function withSettings(facts: LaunchFacts, s: BusinessSettings): LaunchFacts {
  const ok = (item: ChecklistItem) => Boolean(s.confirmations[item]);
  const site = facts.site;
  return {
    ...facts,
    site: {
      ...site,
      phone: { display: s.phone, e164: phoneE164(s.phone) },
      email: s.email,
      address: { ...site.address, confirmed: ok("address") },
      company: {
        ...site.company,
        registeredName: s.companyName,
        number: s.companyNumber ?? "",
        soleTrader: s.tradingAs === "sole_trader",
        confirmed: ok("company"),
      },
      stats: { ...site.stats, confirmed: ok("stats") },
      insurance: { ...site.insurance, publicLiability: s.publicLiability, confirmed: ok("insurance") },
      accreditations: {
        gasPartner: s.gasPartner,
        electricalPartner: s.electricalPartner,
        confirmed: ok("accreditations"),
      },
      processors: { ...site.processors, confirmed: ok("processors") },
      invoices: { bank: { confirmed: ok("bank") } },
    },
  };
}

/** Reads the saved business details from `url` (a database that cannot be read is an error). */
export async function factsFromDatabase(facts: LaunchFacts, url: string): Promise<LaunchFacts> {
  const { db, close } = openDatabase(url, { connectionTimeoutMillis: 4000 });
  try {
    return withSettings(facts, await currentBusiness(db));
  } finally {
    await close();
  }
}

/** A finding's advice when the confirmations live in the database: confirm on the dashboard. */
export function dashboardAdvice(message: string): string {
  return message.replace(
    /then set [\w.]*confirmed: true\.?/,
    "then confirm it on the admin dashboard's launch checklist.",
  );
}
