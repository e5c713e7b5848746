/**
 * Runs before each integration test file (`setupFiles` in vitest.config.ts). The integration files
 * share their worker's modules (`isolate: false`, docs/decisions/077-integration-files-share-a-worker.md):
 * the server is loaded once per worker instead of once per file, so whatever one file changes in a
 * module's state would reach the next file that worker runs. Here every file starts from the state
 * the first file of the worker found:
 *
 * - the environment (`process.env`) as Vitest set it, and the server's validated settings and
 *   "logged once" flags forgotten (`resetEnvCache`);
 * - no database installed (`setDatabase`; `useTestDatabase` installs the file's own), the health
 *   check's and the business details' memories forgotten;
 * - the log sink, mail sender, photo store, local rebuilder, push resolver and quiet hours, request
 *   deadline, and the sign-in slowdowns as the modules define them;
 * - no e-mail recorded by `sendPending` (tests/helpers/sent-mail.ts: outbox ids restart in each
 *   file's database).
 *
 * It runs when Vitest loads it for the file, before the file's own code, so even a file's top-level
 * code sees the reset state. A new module-level setting that tests change belongs here too.
 */
import { closeDb } from "../../src/platform/db/client";
import { resetEnvCache } from "../../src/platform/env";
import { setLogSink } from "../../src/platform/log";
import { setPhotoStore } from "../../src/platform/blobs";
import { setLocalRebuilder } from "../../src/platform/local-rebuild";
import { setRequestDeadline } from "../../src/platform/http/deadline";
import { forgetBusinessFacts } from "../../src/platform/http/business-facts";
import { setMailSender } from "../../src/features/mail/service";
import { setQuietHours } from "../../src/features/push/service";
import { setPushResolver } from "../../src/features/push/service-endpoint";
import { forgetHealth, healthCache } from "../../src/features/reviews/service-public";
import { failureDelay, underAttack } from "../../src/features/admin-auth/service-login";
import { connectRetry } from "../../src/platform/db/client";
import { forgetSentMail } from "./sent-mail";

interface Baseline {
  env: Record<string, string | undefined>;
  sink: ReturnType<typeof setLogSink>;
  deadlineMs: number;
  tunables: [object, Record<string, unknown>][];
}

const key = Symbol.for("handyman.tests.fileStateBaseline");
const store = globalThis as unknown as { [key]?: Baseline };

/** What the worker's first file found: taken once, when this file first runs in the worker. */
function baseline(): Baseline {
  if (store[key]) return store[key];
  const sink = setLogSink(() => {});
  setLogSink(sink);
  const deadlineMs = setRequestDeadline(0);
  setRequestDeadline(deadlineMs);
  const tunables = [failureDelay, underAttack, healthCache, connectRetry].map(
    (o) => [o, { ...o }] as [object, Record<string, unknown>],
  );
  store[key] = { env: { ...process.env }, sink, deadlineMs, tunables };
  return store[key];
}

function restoreEnv(saved: Record<string, string | undefined>): void {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

const start = baseline();
restoreEnv(start.env);
resetEnvCache();
await closeDb().catch(() => {});
setLogSink(start.sink);
setRequestDeadline(start.deadlineMs);
for (const [object, values] of start.tunables) Object.assign(object, values);
setPhotoStore(undefined);
setLocalRebuilder(undefined);
setMailSender(undefined);
setQuietHours(undefined);
setPushResolver(undefined);
forgetHealth();
forgetBusinessFacts();
forgetSentMail();
