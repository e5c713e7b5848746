/**
 * `npm run data:retention`: applies the retention rules now (the scheduled function does the same
 * once a day). With `-- --dry-run` it only says what would go, and changes nothing.
 *
 *   npm run data:retention -- --dry-run   what would be deleted or emptied, with the cut-off dates
 *   npm run data:retention                delete it (written to the audit log)
 *
 * The rules and their numbers are `retention` in src/config/site.ts (docs/decisions/016-request-workflow.md).
 * It reads DATABASE_URL, the running local stack, or the local data folder (scripts/lib/script-db.ts).
 */
import { parseArgs } from "node:util";
import { site } from "../src/config/site";
import { serviceContext } from "../src/platform/context";
import { applyRetention, planRetention } from "../src/features/housekeeping";
import { openScriptDatabase } from "./lib/script-db";

const { values } = parseArgs({
  options: { "dry-run": { type: "boolean", default: false }, "data-dir": { type: "string" } },
});
const dryRun = values["dry-run"];

const { where, close } = await openScriptDatabase(values["data-dir"]);
try {
  const now = new Date();
  const ctx = serviceContext({ now });
  const plan = await planRetention(ctx);
  const r = site.retention;
  const list = (ids: number[]) =>
    ids.length === 0
      ? "none"
      : `${ids.length} (ids ${ids.slice(0, 20).join(", ")}${ids.length > 20 ? ", …" : ""})`;
  console.log(`Retention on ${where}${dryRun ? " (dry run: nothing is changed)" : ""}`);
  console.log(
    `  Closed requests, closed more than ${r.closedRequestMonths} months ago (before ${plan.cutoffs.closedBefore.toISOString()}): ${list(plan.closedRequests)}`,
  );
  console.log(
    `  Spam, marked more than ${r.spamDays} days ago (before ${plan.cutoffs.spamBefore.toISOString()}): ${list(plan.spamRequests)}`,
  );
  console.log(
    `  Sent e-mails to empty, sent more than ${r.sentMailBodyDays} days ago: ${list(plan.mailToWipe)}`,
  );
  console.log(
    `  E-mails given up on more than ${r.sentMailBodyDays} days ago, to delete: ${list(plan.failedMailToDelete)}`,
  );
  console.log(
    `  Invoices past their ${r.accountingRecordYears} accounting years (issued before ${plan.accountsBefore}), with their credit notes and payments: ${list(plan.expiredInvoices)}`,
  );
  if (!dryRun) {
    const report = await applyRetention(ctx);
    console.log(
      `Done: ${report.requestsDeleted} requests deleted (with their history, notes and e-mails), ${report.mailDeleted} e-mails deleted, ${report.mailWiped} e-mails emptied, ${report.invoicesDeleted} invoices and credit notes past their accounting years deleted.`,
    );
  }
} finally {
  await close();
}
