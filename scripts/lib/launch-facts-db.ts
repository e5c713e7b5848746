/**
 * The launch facts as the owner's saved business details state them
 * (docs/decisions/055-identity-and-public-facts.md): `npm run doctor` with DATABASE_URL reads the
 * phone, e-mail, company, cover and data processors the site states, and the launch checklist's confirmations the
 * owner gave on the admin dashboard, instead of the config's `confirmed` flags; and the team as the
 * website publishes it (a person the owner has edited on the Website screen is no longer the
 * invented sample), instead of src/data/team.ts.
 */
import { currentBusiness } from "../../src/features/business";
import { phoneE164 } from "../../src/features/business/contract/public-facts";
import type { ChecklistItem } from "../../src/features/business/contract/checklist";
import type { BusinessSettings } from "../../src/features/business/contract/identity";
import { publicSite } from "../../src/features/site-content";
import { openDatabase, type Db } from "../../src/platform/db/client";
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
      insurance: { ...site.insurance, publicLiability: s.publicLiability, confirmed: ok("insurance") },
      accreditations: {
        gasPartner: s.gasPartner,
        electricalPartner: s.electricalPartner,
        confirmed: ok("accreditations"),
      },
      stats: { ...site.stats, ...s.stats, confirmed: ok("stats") },
      processors: { ...site.processors, list: s.processors, confirmed: ok("processors") },
      invoices: { bank: { confirmed: ok("bank") } },
    },
  };
}

/** The team the live website shows, with whether each one is still an invented sample. */
export async function publishedTeam(db: Db, now = new Date()): Promise<LaunchFacts["team"]> {
  const { team } = await publicSite({ db, now, client: "doctor", actor: { kind: "job", name: "doctor" } });
  return team.map((m) => ({ id: String(m.id), name: m.name, sample: m.sample }));
}

/** The saved business details and the published team from `db`. */
export async function factsFromDb(facts: LaunchFacts, db: Db): Promise<LaunchFacts> {
  return { ...withSettings(facts, await currentBusiness(db)), team: await publishedTeam(db) };
}

/** Reads the saved business details from `url` (a database that cannot be read is an error). */
export async function factsFromDatabase(facts: LaunchFacts, url: string): Promise<LaunchFacts> {
  const { db, close } = openDatabase(url, { connectionTimeoutMillis: 4000 });
  try {
    return await factsFromDb(facts, db);
  } finally {
    await close();
  }
}

/** A sample team member's advice when the team lives in the database: edit it in the admin. */
export function teamAdvice(message: string): string {
  return message.replace(
    /then set sample: false\.?/,
    "on the admin's Website screen (Team), then publish the website.",
  );
}

/** A finding's advice when the confirmations live in the database: confirm on the dashboard. */
export function dashboardAdvice(message: string): string {
  return message.replace(
    /then set [\w.]*confirmed: true\.?/,
    "then confirm it on the admin dashboard's launch checklist.",
  );
}
