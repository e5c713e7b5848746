/**
 * `npm run bench:push`: how soon the owner's phone hears of a new booking. The bookings function's
 * handler runs in-process on a throwaway PostgreSQL 15 (PGlite when the binaries are missing), with
 * Netlify's `waitUntil` played as on Netlify: the 201 goes first, the notification after. One
 * device is registered at a loopback push service (tests/helpers/push-service.ts), which checks
 * the VAPID signature and decrypts each payload as a real one would. Timed: from the booking's 201
 * to the push request reaching that service, 40 bookings one after another after 3 warm-ups (goal:
 * p95 under 2 s). Results also go to bench-results/push.json.
 *
 *   npm run bench:push                          in-process (above)
 *   npm run bench:push -- --url http://localhost:8931 [--data-dir .data/dev] [--password P] [--push-port 8791]
 *                                               a running local stack instead (docs/getting-started.md, Run the site):
 *                                               start it with SIMULATE_CLIENTS=1 so the bookings come
 *                                               from many clients and LOCAL_PUSH_ORIGIN=http://127.0.0.1:8791
 *                                               (the one loopback push endpoint it takes); signs in with
 *                                               the data folder's password (`npm run admin:password`)
 *                                               and registers the loopback device there.
 */
import { randomBytes, randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { mkdirSync, writeFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/pglite";
import { PGlite } from "@electric-sql/pglite";
import webpush from "web-push";
import bookings from "../netlify/functions/bookings.mts";
import { openDatabase, setDatabase, type Database } from "../src/platform/db/client";
import { migrateUrl } from "../src/platform/db/migrate";
import { setLogSink } from "../src/platform/log";
import { serviceContext } from "../src/platform/context";
import { setMailSender } from "../src/features/mail";
import { setQuietHours, subscribe } from "../src/features/push";
import { readLocalAdminPassword } from "./lib/admin-password";
import { jsonRequest, validBooking } from "../tests/helpers/http";
import { startPushService } from "../tests/helpers/push-service";
import { pgliteTemplate } from "./lib/pglite-template";
import { postgresAvailable, startPostgres } from "./lib/postgres-server";
import { stats } from "./lib/bench-stats";

setLogSink(() => {});
process.env["RATE_LIMIT_SECRET"] ??= randomBytes(32).toString("hex");
process.env["SIMULATE_CLIENTS"] = "1";
const vapid = webpush.generateVAPIDKeys();
process.env["VAPID_PUBLIC_KEY"] = vapid.publicKey;
process.env["VAPID_PRIVATE_KEY"] = vapid.privateKey;
// Whatever the hour the bench runs at: quiet hours would hold the notifications until morning.
setQuietHours({ from: "00:00", until: "00:00" });
setMailSender(null);

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    password: { type: "string" },
    "data-dir": { type: "string", default: ".data/dev" },
    "push-port": { type: "string", default: "8791" },
  },
});

if (args.url) {
  // The local stack: its own VAPID keys (the runner's), its functions in netlify-cli's workers.
  const base = args.url.replace(/\/$/, "");
  const origin = new URL(base).origin;
  const client = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const signIn = await fetch(`${base}/api/admin/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "X-Simulated-Client": client() },
    body: JSON.stringify({ password: args.password ?? readLocalAdminPassword(args["data-dir"]) }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
  const keyAnswer = (await (
    await fetch(`${base}/api/admin/push/public-key`, { headers: { Cookie: cookie } })
  ).json()) as { publicKey: string | null };
  if (!keyAnswer.publicKey) throw new Error("the stack has no VAPID keys");
  // On the port the stack was started with in LOCAL_PUSH_ORIGIN (see the header).
  const stackService = await startPushService({
    vapidPublicKey: keyAnswer.publicKey,
    port: Number(args["push-port"]),
  });
  const device = stackService.subscribe();
  const subscribed = await fetch(`${base}/api/admin/push/subscriptions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: origin },
    body: JSON.stringify({ ...device.subscription, name: "Bench phone" }),
  });
  if (subscribed.status !== 201)
    throw new Error(`subscribing answered ${subscribed.status}: ${await subscribed.text()}`);
  const stackRuns = 20;
  const answers: number[] = [];
  const gaps: number[] = [];
  for (let i = 0; i < stackRuns + 2; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "X-Simulated-Client": client() },
      body: JSON.stringify({
        ...validBooking({ name: `Stack Customer ${String.fromCharCode(65 + i)}` }),
        formStartedAt: Date.now() - 60_000,
      }),
    });
    const answered = performance.now();
    if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${await res.text()}`);
    const [arrived] = (await stackService.waitFor(device.path, i + 1, 30_000)).slice(i);
    if (arrived!.problem) throw new Error(`the push service refused it: ${arrived!.problem}`);
    if (i >= 2) {
      answers.push(answered - started);
      gaps.push(arrived!.at - answered);
    }
  }
  const stackResult = {
    measuredAt: new Date().toISOString(),
    stack: base,
    bookingAnswer: stats(answers),
    answerToPushService: stats(gaps),
    goalP95Ms: 2000,
  };
  console.log(`bench:push on the local stack ${base}, ${stackRuns} bookings one after another`);
  console.log(
    `  a booking post until its 201             p50 ${stackResult.bookingAnswer.p50} ms  p95 ${stackResult.bookingAnswer.p95} ms  max ${stackResult.bookingAnswer.max} ms`,
  );
  console.log(
    `  201 → push request at the push service   p50 ${stackResult.answerToPushService.p50} ms  p95 ${stackResult.answerToPushService.p95} ms  max ${stackResult.answerToPushService.max} ms  (negative: it arrived before the 201)`,
  );
  mkdirSync("bench-results", { recursive: true });
  writeFileSync("bench-results/push-stack.json", `${JSON.stringify(stackResult, null, 2)}\n`);
  await fetch(`${base}/api/admin/session`, { method: "DELETE", headers: { Cookie: cookie, Origin: origin } });
  await stackService.close();
  process.exit(0);
}

let database: "postgresql-15" | "pglite";
let stop: () => Promise<void>;
if (postgresAvailable()) {
  const server = await startPostgres();
  await migrateUrl(server.url);
  const client = openDatabase(server.url, { max: 10 });
  setDatabase(client.db);
  database = "postgresql-15";
  stop = async () => {
    await client.close();
    server.stop();
  };
} else {
  const pglite = await PGlite.create({ loadDataDir: await pgliteTemplate() });
  setDatabase(drizzle(pglite) as unknown as Database);
  database = "pglite";
  stop = () => pglite.close();
}

const service = await startPushService({ vapidPublicKey: vapid.publicKey });
// The one loopback push endpoint the server takes (src/platform/env.ts localPushOrigin).
process.env["LOCAL_PUSH_ORIGIN"] = service.origin;
const phone = service.subscribe();
await subscribe({ ...phone.subscription, name: "Bench phone" }, serviceContext());

const toPush: number[] = [];
const answer: number[] = [];
const pending: Promise<unknown>[] = [];
const runs = 40;
for (let i = 0; i < runs + 3; i++) {
  const started = performance.now();
  const response = await bookings(
    jsonRequest(
      "/api/bookings",
      validBooking({
        name: `Bench Customer ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
      }),
    ),
    {
      waitUntil: (work: Promise<unknown>) => void pending.push(work),
    },
  );
  const answered = performance.now();
  if (response.status !== 201)
    throw new Error(`booking answered ${response.status}: ${await response.text()}`);
  const [arrived] = (await service.waitFor(phone.path, i + 1)).slice(i);
  if (arrived!.problem) throw new Error(`the push service refused it: ${arrived!.problem}`);
  if (i >= 3) {
    answer.push(answered - started);
    toPush.push(arrived!.at - answered);
  }
  await Promise.all(pending.splice(0));
}

const result = {
  measuredAt: new Date().toISOString(),
  database,
  bookingAnswer: stats(answer),
  answerToPushService: stats(toPush),
  goalP95Ms: 2000,
};
console.log(`bench:push on ${database}, in-process, ${runs} bookings one after another`);
console.log(
  `  a booking post until its 201                  p50 ${result.bookingAnswer.p50} ms  p95 ${result.bookingAnswer.p95} ms  max ${result.bookingAnswer.max} ms`,
);
console.log(
  `  201 → push request at the push service        p50 ${result.answerToPushService.p50} ms  p95 ${result.answerToPushService.p95} ms  max ${result.answerToPushService.max} ms  (goal p95 < 2000 ms: ${result.answerToPushService.p95 < 2000 ? "met" : "NOT met"})`,
);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/push.json", `${JSON.stringify(result, null, 2)}\n`);
await service.close();
await stop();
process.exit(0);
