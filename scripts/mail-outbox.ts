/**
 * `npm run mail:outbox`: what the site has queued or sent by e-mail. Locally (no SMTP_URL) nothing
 * is sent; this is where you read the owner notifications and customer confirmations.
 *
 *   npm run mail:outbox            the latest 20 messages, newest first
 *   npm run mail:outbox -- --full  with their plain-text bodies
 *   npm run mail:outbox -- --send  deliver what is due now (needs SMTP_URL)
 *
 * It reads DATABASE_URL, the running local stack, or the local data folder (scripts/lib/script-db.ts).
 */
import { desc } from "drizzle-orm";
import { parseArgs } from "node:util";
import { mailOutbox } from "../src/features/tables";
import { deliverDue } from "../src/features/mail";
import { mailSender } from "../src/features/mail";
import { openScriptDatabase } from "./lib/script-db";

const { values } = parseArgs({
  options: { full: { type: "boolean", default: false }, send: { type: "boolean", default: false } },
});

const { db, close } = await openScriptDatabase();
try {
  if (values.send) {
    const sender = mailSender();
    if (!sender) throw new Error("SMTP_URL is not set: nothing can be sent. See docs/operations.md, E-mail.");
    console.log(await deliverDue(db, sender, { limit: 100 }));
  }
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(20);
  if (rows.length === 0) console.log("The outbox is empty.");
  for (const row of rows) {
    console.log(
      `#${row.id} [${row.status}${row.attempts ? `, ${row.attempts} attempt(s)` : ""}] ${row.createdAt.toISOString()}`,
    );
    console.log(
      `  To: ${row.toName} <${row.toAddress}>${row.replyToAddress ? `  Reply-To: ${row.replyToAddress}` : ""}`,
    );
    console.log(`  Subject: ${row.subject}`);
    if (row.lastError) console.log(`  Last error: ${row.lastError}`);
    if (values.full) console.log(`\n${row.textBody.replace(/^/gm, "    ")}`);
    console.log("");
  }
} finally {
  await close();
}
