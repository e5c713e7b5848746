/**
 * A separate process that posts contact messages through the real contact handler, on the
 * production database path (`DATABASE_URL`, opened lazily by `getDb()`), from `CLIENTS` concurrent
 * clients until a line arrives on stdin. Then it prints one JSON line with every answer
 * (status, id of a 201, error code otherwise) and exits 0.
 *
 * Run by tests/integration/db-restart.test.ts, which restarts the PostgreSQL server under it: if
 * the database driver throws where no `try` can catch it, this process dies with a non-zero exit
 * code and the test sees it.
 */
import contact from "../../netlify/functions/contact.mts";
import { closeDb } from "../../src/platform/db/client";
import { setLogSink } from "../../src/platform/log";
import { solveChallenge, type PowChallenge } from "../../src/lib/api/proof-of-work";
import { jsonRequest, validContact } from "./http";

interface Answer {
  status: number;
  id?: number;
  code?: string;
  message?: string;
}

setLogSink(() => {});
const clients = Number(process.env["CLIENTS"] ?? 8);
const answers: Answer[] = [];
let stopping = false;

process.stdin.once("data", () => {
  stopping = true;
});

async function client(): Promise<void> {
  while (!stopping) {
    const fields = validContact();
    let response = await contact(jsonRequest("/api/contact", fields));
    if (response.status === 428) {
      // Past two thirds of the site's daily confirmations every post carries a solved
      // proof-of-work challenge, as the form's island sends one.
      const { error } = (await response.json()) as { error: { challenge: PowChallenge } };
      const solution = (await solveChallenge(error.challenge))!;
      response = await contact(
        jsonRequest("/api/contact", fields, { headers: { "Challenge-Solution": solution } }),
      );
    }
    const body = (await response.json()) as { id?: number; error?: { code: string; message: string } };
    answers.push({
      status: response.status,
      ...(body.id !== undefined ? { id: body.id } : {}),
      ...(body.error ? { code: body.error.code, message: body.error.message } : {}),
    });
    if (answers.length === clients) console.log("ready");
  }
}

await Promise.all(Array.from({ length: clients }, client));
await closeDb();
// Exit once the line has left: process.exit() right after a large write to a pipe cuts it short.
process.stdout.write(`${JSON.stringify({ answers })}\n`, () => process.exit(0));
