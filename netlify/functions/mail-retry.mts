/**
 * The scheduled function, every five minutes: first the housekeeping (expired rate-limit counters,
 * sessions and idempotency keys; the content of old sent e-mails: src/features/housekeeping/service.ts),
 * then the background jobs (the owner's daily digest and the daily retention run,
 * src/features/housekeeping/service-scheduled.ts; each at most once per day), then the mail outbox: send what is due.
 * A message that could not be sent at once is retried with backoff until it is delivered or, after
 * a day, marked failed (the admin dashboard shows those with a retry action).
 */
import type { Config } from "@netlify/functions";
import { getDb } from "../../src/platform/db/client";
import { runHousekeeping } from "../../src/features/housekeeping/service";
import { runScheduledJobs } from "../../src/features/housekeeping/service-scheduled";
import { logEvent } from "../../src/platform/log";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { mailSender } from "../../src/features/mail/service";

export default async (): Promise<Response> => {
  const housekeeping = await runHousekeeping();
  const jobs = await runScheduledJobs();
  const sender = mailSender();
  if (!sender) {
    logEvent({ event: "mail.retry_skipped", reason: "SMTP_URL not set" });
    return new Response(null, { status: 204 });
  }
  const report = await deliverDue(getDb(), sender, { limit: 50 });
  logEvent({ event: "mail.retry", ...report });
  return Response.json({ housekeeping, jobs, ...report });
};

export const config: Config = { schedule: "*/5 * * * *" };
