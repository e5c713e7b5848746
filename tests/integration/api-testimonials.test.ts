/**
 * GET and POST /api/testimonials through the function's default export with real Requests:
 * the review rules and messages, pending reviews never listed, the public order
 * and cache headers, idempotent retries, no-JavaScript posts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import testimonialsFn from "../../netlify/functions/testimonials.mts";
import type { PublicTestimonial } from "../../src/features/reviews/contract/endpoints";
import { testimonials } from "../../src/features/tables";
import { setApproved } from "../../src/features/reviews/repository";
import { useTestDatabase } from "../helpers/db";
import { formRequest, getRequest, humanFields, jsonRequest, validReview } from "../helpers/http";

const t = useTestDatabase();

async function list(): Promise<PublicTestimonial[]> {
  const response = await testimonialsFn(getRequest("/api/testimonials"));
  expect(response.status).toBe(200);
  return ((await response.json()) as { testimonials: PublicTestimonial[] }).testimonials;
}

async function post(body: unknown, headers: Record<string, string> = {}) {
  return testimonialsFn(jsonRequest("/api/testimonials", body, { headers }));
}

async function fieldsOf(response: Response) {
  return ((await response.json()) as { error: { fields?: Record<string, string> } }).error.fields;
}

describe("POST /api/testimonials", () => {
  it("stores a review as pending (201) and never lists it publicly until it is approved", async () => {
    const review = validReview({ rating: 4 });
    const response = await post(review);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: number; approved: boolean };
    expect(body.approved).toBe(false);
    const [row] = await t.db.select().from(testimonials).where(eq(testimonials.id, body.id));
    expect(row).toMatchObject({ name: review.name, location: "Glenrothes", rating: 4, approved: false });
    expect((await list()).some((r) => r.id === body.id)).toBe(false);

    await setApproved(body.id, true);
    const listed = (await list()).find((r) => r.id === body.id);
    expect(listed).toEqual({
      id: body.id,
      name: review.name,
      location: "Glenrothes",
      rating: 4,
      text: review.text,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      jobCompletedMonth: null,
      reply: null,
    });
  });

  it.each([
    [{ name: "A" }, { name: "Name must be at least 2 characters." }],
    [{ name: " B " }, { name: "Name must be at least 2 characters." }],
    [{ location: "X" }, { location: "Location must be at least 2 characters." }],
    [{ text: "Too short" }, { text: "Review must be at least 10 characters." }],
    [{ text: "    short    " }, { text: "Review must be at least 10 characters." }],
    [
      { name: "", location: "", text: "" },
      {
        name: "Name must be at least 2 characters.",
        location: "Location must be at least 2 characters.",
        text: "Review must be at least 10 characters.",
      },
    ],
    [{ name: undefined }, { name: "Name must be at least 2 characters." }],
  ])("refuses %j with the spec's message", async (overrides, fields) => {
    const response = await post(validReview(overrides));
    expect(response.status).toBe(422);
    expect(await fieldsOf(response)).toEqual(fields);
  });

  it("accepts the shortest valid review (2, 2 and 10 characters)", async () => {
    const response = await post({
      ...humanFields(),
      name: "Al",
      location: "Ay",
      text: "0123456789",
      rating: 1,
    });
    expect(response.status).toBe(201);
  });

  it.each([0, 6, 4.5, "five", -1])("refuses the rating %j", async (rating) => {
    const response = await post(validReview({ rating }));
    expect(response.status).toBe(422);
    expect(await fieldsOf(response)).toEqual({ rating: "Please choose a rating from 1 to 5 stars." });
  });

  it.each([undefined, "", null])(
    "refuses a review with no rating (%j) and stores nothing",
    async (rating) => {
      const review = validReview({ rating });
      const response = await post(review);
      expect(response.status).toBe(422);
      expect(await fieldsOf(response)).toEqual({ rating: "Please choose a rating from 1 to 5 stars." });
      const stored = await t.db.select().from(testimonials).where(eq(testimonials.name, review.name));
      expect(stored).toHaveLength(0);
    },
  );

  it("stores a retried review once", async () => {
    const review = validReview();
    const key = crypto.randomUUID();
    const first = await post(review, { "Idempotency-Key": key });
    const second = await post(review, { "Idempotency-Key": key });
    expect(((await second.json()) as { id: number }).id).toBe(((await first.json()) as { id: number }).id);
    expect(await t.db.select().from(testimonials).where(eq(testimonials.name, review.name))).toHaveLength(1);
  });

  it("works as a classic form post and thanks the visitor", async () => {
    const review = validReview();
    const response = await testimonialsFn(
      formRequest("/api/testimonials", {
        name: review.name,
        location: review.location,
        text: review.text,
        rating: "3",
        website: "",
        formStartedAt: "",
      }),
    );
    expect(response.status).toBe(201);
    const page = await response.text();
    expect(page).toContain("Thank you for your review!");
    expect(page).toContain("It will be displayed after approval.");
    const [row] = await t.db.select().from(testimonials).where(eq(testimonials.name, review.name));
    expect(row).toMatchObject({ rating: 3, approved: false });
  });
});

describe("GET /api/testimonials", () => {
  it("lists approved reviews by rating descending, then newest first, with CDN cache headers", async () => {
    const ids: number[] = [];
    for (const rating of [2, 4, 2]) {
      const response = await post(validReview({ rating }));
      const { id } = (await response.json()) as { id: number };
      await setApproved(id, true);
      ids.push(id);
    }
    const response = await testimonialsFn(getRequest("/api/testimonials"));
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("netlify-cdn-cache-control")).toMatch(
      /max-age=60.*stale-while-revalidate=\d+/,
    );
    const all = ((await response.json()) as { testimonials: PublicTestimonial[] }).testimonials;
    const mine = all.filter((r) => ids.includes(r.id)).map((r) => r.id);
    expect(mine).toEqual([ids[1], ids[2], ids[0]]);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.rating).toBeGreaterThanOrEqual(all[i]!.rating);
    expect(Object.keys(all[0]!).sort()).toEqual([
      "createdAt",
      "id",
      "jobCompletedMonth",
      "location",
      "name",
      "rating",
      "reply",
      "text",
    ]);
  });

  it("answers 405 with Allow: GET, POST for other methods", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await testimonialsFn(getRequest("/api/testimonials", { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, POST");
    }
  });
});
