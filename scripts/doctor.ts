/**
 * `npm run doctor`: is the site ready to go live for the real business?
 *
 * Prints one line per fact in the config that is still a placeholder or an unconfirmed claim (the
 * file and key to change, and what to do), then one line per production setting in this
 * environment that is missing or malformed (SITE_URL, DATABASE_URL, SMTP_URL, MAIL_FROM,
 * RATE_LIMIT_SECRET, VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; when the VAPID keys are missing it
 * prints a new pair to set; the Stripe keys when card payments are on), then whether card payments
 * are on, with live or test keys. Exits 1 while anything remains, 0 when nothing does.
 *
 *   npm run doctor                                   the real config, this shell's environment
 *   SITE_URL=… DATABASE_URL=… … npm run doctor       with the production values, to check them
 *   npm run doctor -- --facts path/to/facts.ts       other facts: a module exporting `facts`
 *                                                    (a LaunchFacts object; used by the tests)
 *
 * With DATABASE_URL (and no --facts) the phone, e-mail, company, cover, figures and the launch
 * checklist's confirmations come from the owner's saved business details, as the admin dashboard
 * shows them (docs/decisions/055-identity-and-public-facts.md), and the team from the published
 * website: a person the owner has edited is no longer listed as a sample.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  envFindings,
  formatFindings,
  placeholderFindings,
  stripeStatus,
  type LaunchFacts,
} from "./lib/launch-check";
import { newVapidKeys, vapidEnvLines } from "./lib/vapid";

const { values } = parseArgs({ options: { facts: { type: "string" } } });

const { facts: given } = (
  values.facts ? await import(pathToFileURL(resolve(values.facts)).href) : await import("./lib/launch-facts")
) as { facts: LaunchFacts };
const databaseUrl = values.facts ? undefined : process.env["DATABASE_URL"];
// The database code loads only when it is asked for: the config-only check stays quick.
const fromDb = databaseUrl ? await import("./lib/launch-facts-db") : null;
const facts = fromDb && databaseUrl ? await fromDb.factsFromDatabase(given, databaseUrl) : given;

const placeholders = placeholderFindings(facts).map((f) =>
  fromDb && f.file === "src/config/site.ts"
    ? { ...f, file: "admin: Business details", message: fromDb.dashboardAdvice(f.message) }
    : fromDb && f.file === "src/data/team.ts"
      ? { ...f, file: "admin: Website", message: fromDb.teamAdvice(f.message) }
      : f,
);
if (databaseUrl) console.log("Business details and launch checklist: read from DATABASE_URL.");
const settings = envFindings(process.env);

console.log(`Placeholders and unconfirmed claims: ${placeholders.length}`);
for (const line of formatFindings(placeholders)) console.log(`  ✗ ${line}`);
console.log(`Production settings in this environment: ${settings.length} to fix`);
for (const line of formatFindings(settings)) console.log(`  ✗ ${line}`);
if (settings.some((f) => f.key.startsWith("VAPID_") && f.message.startsWith("not set"))) {
  console.log(
    "  A new VAPID key pair for web push (set both; keep the private key secret, never commit it):",
  );
  for (const line of vapidEnvLines(newVapidKeys())) console.log(`    ${line}`);
}

console.log(stripeStatus(process.env));

const total = placeholders.length + settings.length;
if (total > 0) {
  console.log(`doctor: ${total} thing(s) to put right before the site goes live.`);
  process.exit(1);
}
console.log("doctor: ready to go live: no placeholders left and the production settings look right.");
