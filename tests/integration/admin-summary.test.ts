/**
 * The dashboard's counts (GET /api/admin/summary): reviews in all and pending, requests in all and
 * unread. They cover the whole database, so this test has a file, and therefore a database, of its
 * own: every row it counts is one it stored, and no other test's writes can change the numbers.
 */
import { describe, expect, it } from "vitest";
import adminSummary from "../../netlify/functions/admin-summary.mts";
import * as requestsRepo from "../../src/features/requests/repository";
import * as testimonialsRepo from "../../src/features/reviews/repository";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

describe("the dashboard's counts", () => {
  it("counts reviews in all and pending, and requests in all and unread", async () => {
    const owner = await adminClient();
    const summary = async () => {
      const res = await owner.call(adminSummary, "GET", "/api/admin/summary");
      expect(res.status, res.text).toBe(200);
      return res.json;
    };
    expect(await summary()).toMatchObject({
      testimonials: { total: 0, pending: 0 },
      submissions: { total: 0, unread: 0 },
    });

    await testimonialsRepo.insertPending({
      name: "Summary Test",
      location: "Kirkcaldy",
      rating: 4,
      text: "A tidy job on the bathroom tap.",
    });
    const contact = await seedRequest({ formType: "contact" });
    await seedRequest();
    expect(await summary()).toMatchObject({
      testimonials: { total: 1, pending: 1 },
      submissions: { total: 2, unread: 2 },
    });

    await requestsRepo.setRead(contact.id, true);
    expect((await summary()).submissions).toEqual({ total: 2, unread: 1 });
  });
});
