/**
 * The scheduled function, every five minutes: first the housekeeping (expired rate-limit counters,
 * sessions and idempotency keys; the content of old sent e-mails: src/features/housekeeping/service.ts),
 * then the background jobs (the owner's daily digest and the daily retention run,
 * src/features/housekeeping/service-scheduled.ts; each at most once per day), then the mail outbox: send what is due.
 * A message that could not be sent at once is retried with backoff until it is delivered or, after
 * a day, marked failed (the admin dashboard shows those with a retry action; a customer's e-mail
 * given up on also notifies the owner). Then the push outbox: the owner's notifications that are
 * due (retries, and those held over quiet hours), with any e-mail sent in place of one no device got
 * (docs/decisions/034-push-notifications.md). Last, Stripe's stored events that could not be
 * processed when they arrived (docs/decisions/048-card-payments-stripe.md).
 */
import type { Config } from "@netlify/functions";
import { getDb } from "../../src/platform/db/client";
import { runHousekeeping } from "../../src/features/housekeeping";
import { runScheduledJobs } from "../../src/features/housekeeping";
import { logEvent } from "../../src/platform/log";
import { deliverDue } from "../../src/features/mail";
import { mailSender } from "../../src/features/mail";
import { deliverPushScheduled, tellOwnerMailFailed } from "../../src/features/push";
import { processStripeEvents } from "../../src/features/payments";
import { jobActor, serviceContext } from "../../src/platform/context";

export default async (): Promise<Response> => {
  const housekeeping = await runHousekeeping();
  const jobs = await runScheduledJobs(serviceContext({ actor: jobActor("scheduled") }));
  const db = getDb();
  const sender = mailSender();
  const mail = sender
    ? await deliverDue(db, sender, {
        limit: 50,
        // Sent by the push outbox's turn below (due now, or in the morning in quiet hours).
        onGiveUp: async (row, tx) => void (await tellOwnerMailFailed(row, tx)),
      })
    : null;
  if (mail) logEvent({ event: "mail.retry", ...mail });
  else logEvent({ event: "mail.retry_skipped", reason: "SMTP_URL not set" });
  const push = await deliverPushScheduled(db);
  if (push) logEvent({ event: "push.retry", ...push, fallbackMail: push.fallbackMail.length });
  const fallback =
    sender && push?.fallbackMail.length ? await deliverDue(db, sender, { ids: push.fallbackMail }) : null;
  // Stripe's stored events, retried: Stripe's own doing, as when they arrived.
  const stripe = await processStripeEvents(
    serviceContext({ db, actor: { kind: "service", name: "stripe" } }),
  );
  if (stripe.done + stripe.retrying + stripe.failed > 0) logEvent({ event: "stripe.retry", ...stripe });
  if (!mail && !push) return new Response(null, { status: 204 });
  return Response.json({ housekeeping, jobs, ...(mail ?? {}), push, fallback, stripe });
};

export const config: Config = { schedule: "*/5 * * * *" };
