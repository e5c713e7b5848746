/**
 * Customers' pure parts: the phone digits every spelling of one UK number shares (the same rule as
 * the database's phone_digits column), the postcode as written, the list query's contract, and the
 * new-job link's prefill.
 */
import { describe, expect, it } from "vitest";
import {
  customerPatchSchema,
  customerQuerySchema,
  formatPostcode,
} from "../../src/features/customers/contract/endpoints";
import { newJobHref } from "../../src/features/customers/screens/new-job";
import { encodeCursor } from "../../src/features/requests/contract/inbox-cursor";
import { phoneDigits } from "../../src/features/requests/repository-search";

describe("phone digits", () => {
  it("are one value for every spelling of one UK number", () => {
    for (const typed of [
      "07700 900123",
      "+44 7700 900123",
      "07700900123",
      "0044 7700 900123",
      "(07700) 900-123",
    ]) {
      expect(phoneDigits(typed), typed).toBe("07700900123");
    }
    expect(phoneDigits("0131 496 0999")).toBe("01314960999");
    expect(phoneDigits("07700 900124")).not.toBe("07700900123");
  });
});

describe("postcodes", () => {
  it("are written with their space", () => {
    expect(formatPostcode("KY12AB")).toBe("KY1 2AB");
    expect(formatPostcode("KY119XY")).toBe("KY11 9XY");
    expect(formatPostcode("EH11AA")).toBe("EH1 1AA");
    expect(formatPostcode(null)).toBeNull();
  });
});

describe("the list query", () => {
  it("reads a search, a request, a cursor and a limit, and refuses what it cannot read", () => {
    expect(customerQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(customerQuerySchema.parse({ q: "  KY1 2AB ", limit: "20", request: "42" })).toEqual({
      q: "KY1 2AB",
      limit: 20,
      request: 42,
    });
    const cursor = { sort: "newest" as const, at: "2026-11-26T10:00:00.123456Z", id: 7 };
    expect(customerQuerySchema.parse({ cursor: encodeCursor(cursor) }).cursor).toEqual(cursor);
    for (const bad of [
      { cursor: encodeCursor({ ...cursor, sort: "oldest" }) },
      { cursor: "not a cursor" },
      { limit: "0" },
      { limit: "201" },
      { request: "-1" },
      { q: "x".repeat(201) },
    ]) {
      expect(customerQuerySchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 60)).toBe(false);
    }
  });

  it("keeps notes trimmed, clears them when empty, and refuses more than 2000 characters", () => {
    expect(customerPatchSchema.parse({ notes: "  Ring first. " })).toEqual({ notes: "Ring first." });
    expect(customerPatchSchema.parse({ notes: "" })).toEqual({ notes: null });
    expect(customerPatchSchema.parse({ notes: null })).toEqual({ notes: null });
    expect(customerPatchSchema.safeParse({ notes: "x".repeat(2001) }).success).toBe(false);
  });
});

describe("New job for this customer", () => {
  it("prefills the new-job form with what is known and the repeat-customer source", () => {
    const href = new URL(
      newJobHref({
        name: "Jane Ross",
        phone: "07700 900123",
        email: "jane@example.com",
        address: "4 Kirk Wynd, Kirkcaldy KY1 1AB",
      }),
      "http://x",
    );
    expect(href.pathname).toBe("/admin/jobs/new");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      name: "Jane Ross",
      phone: "07700 900123",
      email: "jane@example.com",
      address: "4 Kirk Wynd, Kirkcaldy KY1 1AB",
      source: "repeat",
    });
    const bare = new URL(newJobHref({ name: "Tam", phone: null, email: null, address: null }), "http://x");
    expect(Object.fromEntries(bare.searchParams)).toEqual({ name: "Tam", source: "repeat" });
  });
});
