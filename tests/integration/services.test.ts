/**
 * Every service called the way a script or a scheduled function would: plain typed input and a
 * service context, no Request, no HTTP. Refusals are domain errors, not statuses.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/features/tables";
import { hashPassword, passwordHashKey, resolveSession } from "../../src/features/admin-auth/service";
import * as content from "../../src/features/requests/service-admin";
import * as moderation from "../../src/features/reviews/service-admin";
import { changePassword, login } from "../../src/features/admin-auth/service-login";
import { serviceContext } from "../../src/platform/context";
import {
  Invalid,
  NotConfigured,
  NotFound,
  RateLimited,
  Unauthenticated,
} from "../../src/platform/domain-errors";
import { checkDatabase, listPublicTestimonials } from "../../src/features/reviews/service-public";
import { acceptPublicPost, requestPost, submitContact } from "../../src/features/requests/service-forms";
import { submitReview } from "../../src/features/reviews/service-submit";
import { enforceRateLimit } from "../../src/features/rate-limits/service";
import { deleteSetting, upsertSetting } from "../../src/features/admin-auth/repository-settings";
import * as requests from "../../src/features/requests/service-workflow";
import * as actions from "../../src/features/request-actions/service";
import { inboxQuerySchema, type InboxQueryInput } from "../../src/features/requests/contract/workflow";
import { useTestDatabase } from "../helpers/db";
import { uniqueName } from "../helpers/http";

const t = useTestDatabase();

/** A context with its own client key, so per-client limits never couple tests. */
const ctx = (overrides: Parameters<typeof serviceContext>[0] = {}) =>
  serviceContext({ db: t.db, client: `services-${randomUUID()}`, ...overrides });

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe("public forms", () => {
  it("stores a contact message and a booking, with their e-mails, from typed input", async () => {
    const contact = await submitContact(
      {
        name: uniqueName("Ailsa"),
        email: "ailsa@example.com",
        phone: "07700 900123",
        message: "A door sticks.",
      },
      ctx(),
    );
    expect(contact.created).toBe(true);
    expect(contact.row).toMatchObject({ formType: "contact", isRead: false, address: null, service: null });

    const booking = await acceptPublicPost(
      requestPost("booking", {
        name: uniqueName("Ruaridh"),
        email: "r@example.com",
        phone: "07700 900124",
        message: "Paint two rooms.",
        address: "3 Shore Road, Kirkcaldy",
        service: "paint-wallpaper",
      }),
      ctx(),
    );
    expect(booking.row).toMatchObject({ formType: "booking", service: "paint-wallpaper" });
    const queued = await t.db.select().from(mailOutbox);
    expect(queued.filter((m) => m.submissionId === booking.row.id)).toHaveLength(2);
  });

  it("answers a repeated idempotency key with the first row and stores nothing new", async () => {
    const input = { name: uniqueName("Iona"), location: "Leven", text: "Quick and tidy work.", rating: 4 };
    const key = randomUUID();
    const first = await submitReview(input, ctx({ idempotencyKey: key }));
    const again = await submitReview({ ...input, rating: 1 }, ctx({ idempotencyKey: key }));
    expect(first.created).toBe(true);
    expect(again).toEqual({ row: first.row, created: false });
    expect(first.row.approved).toBe(false);
  });

  it("refuses the eleventh post from one client in the window with RateLimited", async () => {
    const one = ctx();
    const input = () => ({
      name: uniqueName("Fergus"),
      email: "f@example.com",
      phone: "07700 900125",
      message: "Hi.",
    });
    for (let i = 0; i < 10; i++) await submitContact(input(), one);
    const refused = await rejection(submitContact(input(), one));
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe("public content", () => {
  it("lists approved testimonials only, and checks the database", async () => {
    const review = await submitReview(
      { name: uniqueName("Kirsty"), location: "Dysart", text: "Lovely new kitchen tiles.", rating: 5 },
      ctx(),
    );
    expect((await listPublicTestimonials(ctx())).some((x) => x.id === review.row.id)).toBe(false);
    await moderation.setTestimonialApproved(review.row.id, true, ctx());
    const listed = (await listPublicTestimonials(ctx())).find((x) => x.id === review.row.id);
    expect(listed).toMatchObject({ rating: 5, location: "Dysart" });
    expect(typeof listed!.createdAt).toBe("string");
    await expect(checkDatabase(ctx())).resolves.toBeUndefined();
  });
});

describe("admin content", () => {
  it("moderates testimonials and the inbox, and refuses a missing row with NotFound", async () => {
    const review = await submitReview(
      { name: uniqueName("Calum"), location: "Burntisland", text: "Fixed the gate in an hour.", rating: 4 },
      ctx(),
    );
    expect(
      (await moderation.listTestimonials(undefined, ctx())).testimonials.some((x) => x.id === review.row.id),
    ).toBe(true);
    expect((await moderation.setTestimonialApproved(review.row.id, true, ctx())).approved).toBe(true);
    await moderation.deleteTestimonial(review.row.id, ctx());
    expect(await rejection(moderation.deleteTestimonial(review.row.id, ctx()))).toBeInstanceOf(NotFound);
    expect(await rejection(moderation.setTestimonialApproved(review.row.id, true, ctx()))).toBeInstanceOf(
      NotFound,
    );

    const { row } = await submitContact(
      { name: uniqueName("Mhairi"), email: "m@example.com", phone: "07700 900126", message: "Shelves." },
      ctx(),
    );
    const inboxQuery = (q: InboxQueryInput) => inboxQuerySchema.parse(q);
    const inbox = await requests.listInbox(inboxQuery({ type: "contact", q: row.name }), ctx());
    expect(inbox.submissions.find((s) => s.id === row.id)?.mailStatus).toBe("pending");
    const bookingsOnly = await requests.listInbox(inboxQuery({ type: "booking", q: row.name }), ctx());
    expect(bookingsOnly.submissions.some((s) => s.id === row.id)).toBe(false);
    expect((await actions.updateRequest(row.id, { isRead: true, note: undefined }, ctx())).isRead).toBe(true);
    const summary = await content.summary({ total: 0, pending: 0 }, ctx());
    expect(summary.submissions.total).toBeGreaterThanOrEqual(1);
    expect(summary.mail.pending).toBeGreaterThanOrEqual(2);
    await actions.deleteRequest(row.id, ctx());
    expect(
      await rejection(actions.updateRequest(row.id, { isRead: false, note: undefined }, ctx())),
    ).toBeInstanceOf(NotFound);
    expect(await rejection(actions.deleteRequest(row.id, ctx()))).toBeInstanceOf(NotFound);
  });

  it("lists e-mails given up on and queues them again", async () => {
    expect(Array.isArray(await content.listFailedDeliveries(ctx()))).toBe(true);
    expect(await content.retryFailedDeliveries([2_000_000_000], ctx())).toEqual({ queued: 0, sent: 0 });
  });
});

describe("admin sign-in and password", () => {
  it("signs in, refuses a wrong password, refuses a wrong current password, and says when none is set", async () => {
    const password = "a long and careful passphrase";
    await upsertSetting(passwordHashKey, await hashPassword(password), t.db);
    try {
      const wrong = await rejection(login("not the password", ctx()));
      expect(wrong).toBeInstanceOf(Unauthenticated);
      expect((wrong as Unauthenticated).code).toBe("invalid_password");

      const { token, session } = await login(password, ctx());
      expect((await resolveSession(token))?.id).toBe(session.id);

      const refused = await rejection(
        changePassword({ currentPassword: "wrong", newPassword: "another long passphrase" }, ctx()),
      );
      expect(refused).toBeInstanceOf(Invalid);
      expect((refused as Invalid).fields).toHaveProperty("currentPassword");
    } finally {
      await deleteSetting(passwordHashKey, t.db);
    }
    expect(await rejection(login("anything at all", ctx()))).toBeInstanceOf(NotConfigured);
  });

  it("limits any rule per client with RateLimited", async () => {
    const rule = { name: `services-${randomUUID()}`, limit: 1, windowMs: 60_000 };
    await enforceRateLimit(rule, "one-client", { db: t.db });
    expect(await rejection(enforceRateLimit(rule, "one-client", { db: t.db }))).toBeInstanceOf(RateLimited);
  });
});
