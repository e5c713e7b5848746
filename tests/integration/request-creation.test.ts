/**
 * Every request is created on one path (src/features/requests/service-create.ts), whoever asks: a
 * contact message, a booking, a job the owner adds. Each caller's request is joined to its
 * customer, starts its history by the caller's actor, has its e-mails in the outbox, and a repeated
 * Idempotency-Key stores nothing more: no second row, history line, e-mail or customer.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serviceContext, type Actor } from "../../src/platform/context";
import { submitContact } from "../../src/features/requests/service-forms";
import { submitBooking } from "../../src/features/appointments/service";
import { addOwnerJob } from "../../src/features/appointments/service-owner-jobs";
import { customers, mailOutbox, pushOutbox, requestHistory, requests } from "../../src/features/tables";
import { useTestDatabase } from "../helpers/db";
import { uniqueName, validBooking, validContact } from "../helpers/http";

const t = useTestDatabase();

/** What the request left behind: its row, its history, its e-mails and notifications, its customer. */
async function traces(id: number) {
  const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
  const history = await t.db.select().from(requestHistory).where(eq(requestHistory.submissionId, id));
  const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id));
  const push = await t.db.select().from(pushOutbox).where(eq(pushOutbox.submissionId, id));
  const customer = row?.customerId
    ? (await t.db.select().from(customers).where(eq(customers.id, row.customerId)))[0]
    : undefined;
  return { row, history, mail, push, customer };
}

/** Runs `create` twice with one Idempotency-Key; answers the first id and what each run left. */
async function twice(actor: Actor, create: (ctx: ReturnType<typeof serviceContext>) => Promise<number>) {
  const key = `one-path-${Math.random().toString(36).slice(2)}`;
  const ctx = () => serviceContext({ actor, idempotencyKey: key, client: `one-path-${key}` });
  const first = await create(ctx());
  const after = await traces(first);
  const again = await create(ctx());
  return { first, again, after, repeated: await traces(first) };
}

describe("one request-creation path", () => {
  it("a contact message: customer, history by the website's form, owner and customer e-mailed, owner notified", async () => {
    const name = uniqueName("One Path Contact");
    const actor: Actor = { kind: "website", form: "/api/contact" };
    const run = await twice(
      actor,
      async (ctx) => (await submitContact({ ...validContact(), name }, ctx)).row.id,
    );
    expect(run.again).toBe(run.first);
    expect(run.after.customer?.name).toBe(name);
    expect(run.after.history).toEqual([
      expect.objectContaining({
        fromState: null,
        toState: "new",
        note: "Sent from the contact form",
        actedBy: actor,
      }),
    ]);
    expect(run.after.mail.map((m) => m.kind).sort()).toEqual(["customer_confirmation", "owner_submission"]);
    expect(run.repeated.history).toHaveLength(1);
    expect(run.repeated.mail).toHaveLength(run.after.mail.length);
    expect(run.repeated.push).toHaveLength(run.after.push.length);
  });

  it("a booking: the same, plus its options, named in the e-mails", async () => {
    const name = uniqueName("One Path Booking");
    const actor: Actor = { kind: "website", form: "/api/bookings" };
    const run = await twice(actor, async (ctx) => (await submitBooking(validBooking({ name }), ctx)).row.id);
    expect(run.again).toBe(run.first);
    expect(run.after.row).toMatchObject({ formType: "booking", source: "web", isRead: false });
    expect(run.after.customer?.name).toBe(name);
    expect(run.after.history).toEqual([
      expect.objectContaining({ toState: "new", note: "Sent from the booking form", actedBy: actor }),
    ]);
    expect(run.after.mail.map((m) => m.kind).sort()).toEqual(["customer_confirmation", "owner_submission"]);
    const confirmation = run.after.mail.find((m) => m.kind === "customer_confirmation");
    expect(confirmation?.textBody).toMatch(/You asked for this time:\n1\. \S/);
    expect(run.after.row?.id).toBe(run.first);
    expect(run.repeated.history).toHaveLength(1);
    expect(run.repeated.mail).toHaveLength(2);
  });

  it("an owner's job: stored read, history by the owner, no notification, the confirmation only when asked for", async () => {
    const name = uniqueName("One Path Job");
    const actor: Actor = { kind: "owner" };
    const job = {
      source: "phone" as const,
      name,
      email: "one.path@example.com",
      phone: "07700 900555",
      address: "14 Links Street, Kirkcaldy KY1 1QH",
      service: "plumbing-heating",
      message: "The outside tap leaks when it is turned on.",
      sendConfirmation: true,
    };
    const run = await twice(
      actor,
      async (ctx) => (await addOwnerJob(job, ctx.idempotencyKey, ctx)).submission.id,
    );
    expect(run.again).toBe(run.first);
    expect(run.after.row).toMatchObject({ formType: "booking", source: "phone", isRead: true });
    expect(run.after.customer?.name).toBe(name);
    expect(run.after.history).toEqual([
      expect.objectContaining({ toState: "new", note: "Added by you, from a phone call", actedBy: actor }),
    ]);
    expect(run.after.mail.map((m) => m.kind)).toEqual(["customer_confirmation"]);
    expect(run.after.push).toEqual([]);
    expect(run.repeated.history).toHaveLength(1);
    expect(run.repeated.mail).toHaveLength(1);
  });
});
