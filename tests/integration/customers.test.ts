/**
 * Customers on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts): requests
 * sent through the web forms join one customer by phone number (however it is written) or e-mail
 * address (any case); two customers matched by different keys are not merged; the list searches
 * by name, phone, e-mail and postcode with keyset pages; the customer's answer lists their
 * requests, visits, notes, quotes and invoices; the migration's backfill gives older requests
 * their customers by the same rule.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { randomInt } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import adminCustomers from "../../netlify/functions/admin-customers.mts";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminPerson from "../../netlify/functions/admin-person.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import { acceptQuote } from "../../src/features/quotes/service-customer";
import { serviceContext } from "../../src/platform/context";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import { appointments, customers, requestNotes, requests } from "../../src/features/tables";
import { migrationsFolder } from "../../src/platform/db/migrate";
import { listPage, type CustomerCursor } from "../../src/features/customers/repository";
import { adminClient, seedRequest, uniqueTag, type AdminResult } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { jsonRequest, validBooking, validContact } from "../helpers/http";

const t = useTestDatabase();

/** A UK mobile number no other test uses, as digits: "07" and nine random digits. */
const uniqueDigits = () => `07${randomInt(100, 999)}${randomInt(100000, 999999)}`;
/** The spellings of one number that must make one customer. */
const spellings = (d: string) => [
  `${d.slice(0, 5)} ${d.slice(5)}`,
  `+44 ${d.slice(1, 5)} ${d.slice(5)}`,
  d,
  `0044 ${d.slice(1, 5)} ${d.slice(5)}`,
];
const letters = (tag: string) => tag.replace(/[0-9]/g, (n) => "abcdefghij"[Number(n)]!);

async function sendContact(fields: Record<string, unknown>): Promise<number> {
  const res = await contact(jsonRequest("/api/contact", validContact(fields)));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function sendBooking(fields: Record<string, unknown>): Promise<number> {
  const res = await bookings(jsonRequest("/api/bookings", validBooking(fields)));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function customerOf(requestId: number): Promise<number | null> {
  const [row] = await t.db
    .select({ customerId: requests.customerId })
    .from(requests)
    .where(eq(requests.id, requestId));
  return row!.customerId;
}

async function search(q: string, extra = ""): Promise<{ ids: number[]; json: AdminResult["json"] }> {
  const owner = await adminClient();
  const res = await owner.call(
    adminCustomers,
    "GET",
    `/api/admin/customers?q=${encodeURIComponent(q)}${extra}`,
  );
  expect(res.status, res.text).toBe(200);
  return { ids: res.json.customers.map((c: { id: number }) => c.id), json: res.json };
}

describe("matching requests to customers", () => {
  it("makes one customer of a phone number written four ways, through the web forms", async () => {
    const digits = uniqueDigits();
    const ids: number[] = [];
    for (const phone of spellings(digits)) ids.push(await sendContact({ phone }));
    const owners = await Promise.all(ids.map(customerOf));
    expect(owners[0]).not.toBeNull();
    expect(new Set(owners).size).toBe(1);
    const rows = await t.db.select().from(customers).where(eq(customers.phoneDigits, digits));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.phone).toBe(spellings(digits)[0]);
  });

  it("matches an e-mail address in any case, stores it in lower case, and keeps the latest name and address", async () => {
    const tag = letters(uniqueTag("mail"));
    const first = await sendBooking({
      name: `Jane ${tag}`,
      email: `Jane.${tag}@Example.COM`,
      phone: `${uniqueDigits()}`,
      address: "4 Kirk Wynd, Kirkcaldy KY1 1AB",
    });
    const second = await sendContact({
      name: `Jane Ross ${tag}`,
      email: `jane.${tag}@example.com`,
      phone: `${uniqueDigits()}`,
    });
    const third = await sendBooking({
      name: `Jane Ross ${tag}`,
      email: `JANE.${tag.toUpperCase()}@EXAMPLE.COM`,
      phone: `${uniqueDigits()}`,
      address: "9 Harbour Road, Kinghorn KY3 9XY",
    });
    const id = await customerOf(first);
    expect(await customerOf(second)).toBe(id);
    expect(await customerOf(third)).toBe(id);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, id!));
    expect(row!.email).toBe(`jane.${tag}@example.com`);
    expect(row!.name).toBe(`Jane Ross ${tag}`);
    expect(row!.address).toBe("9 Harbour Road, Kinghorn KY3 9XY");
    expect(row!.postcode).toBe("KY39XY");
  });

  it("joins a request that matches two customers to the older one, merges nothing, and notes it", async () => {
    const tag = letters(uniqueTag("two"));
    const [phoneA, phoneB] = [uniqueDigits(), uniqueDigits()];
    const a = await sendContact({ name: `Alan ${tag}`, email: `alan.${tag}@example.com`, phone: phoneA });
    const b = await sendContact({ name: `Beth ${tag}`, email: `beth.${tag}@example.com`, phone: phoneB });
    const [customerA, customerB] = [await customerOf(a), await customerOf(b)];
    expect(customerA).not.toBe(customerB);
    const both = await sendContact({ name: `Alan ${tag}`, email: `beth.${tag}@example.com`, phone: phoneA });
    expect(await customerOf(both)).toBe(customerA);
    const notes = await t.db.select().from(requestNotes).where(eq(requestNotes.submissionId, both));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toBe(
      `Two customers match this request: the e-mail address is Beth ${tag}'s (customer ${customerB}) and the phone number Alan ${tag}'s (customer ${customerA}). It was added to the older record, Alan ${tag} (customer ${customerA}); the two were not merged.`,
    );
    const rows = await t.db
      .select()
      .from(customers)
      .where(inArray(customers.id, [customerA!, customerB!]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Neither took the other's key.
    expect(byId.get(customerA!)!.email).toBe(`alan.${tag}@example.com`);
    expect(byId.get(customerB!)!.phoneDigits).toBe(phoneB);
    expect(byId.get(customerB!)!.email).toBe(`beth.${tag}@example.com`);
  });

  it("fills in a key the customer lacked, so a later request with only that key finds them", async () => {
    const tag = letters(uniqueTag("fill"));
    const digits = uniqueDigits();
    // A request with no usable e-mail key stands in for a job taken by phone.
    const byPhone = await seedRequest({
      name: `Cara ${tag}`,
      phone: digits,
      email: `cara.${tag}@example.com`,
    });
    await t.db.execute(sql`select assign_customer(${byPhone.id})`);
    const second = await sendContact({
      name: `Cara ${tag}`,
      email: `cara.other.${tag}@example.com`,
      phone: digits,
    });
    const third = await sendContact({
      name: `Cara ${tag}`,
      email: `CARA.${tag.toUpperCase()}@example.com`,
      phone: uniqueDigits(),
    });
    const id = await customerOf(byPhone.id);
    expect(await customerOf(second)).toBe(id);
    expect(await customerOf(third)).toBe(id);
  });
});

describe("GET /api/admin/customers", () => {
  it("finds a customer by name, phone in any spelling, e-mail and postcode; latest activity first, in pages", async () => {
    const tag = letters(uniqueTag("find"));
    const digits = uniqueDigits();
    const first = await sendBooking({
      name: `Morven ${tag}`,
      email: `morven.${tag}@example.com`,
      phone: digits,
      address: "3 Links Street, Burntisland KY3 9DU",
    });
    const second = await sendBooking({
      name: `Morven Kerr ${tag}`,
      email: `kerr.${tag}@example.com`,
      phone: uniqueDigits(),
      address: "8 High Street, Kirkcaldy ky2 5qz",
    });
    const [c1, c2] = [await customerOf(first), await customerOf(second)];
    expect(c1).not.toBe(c2);

    expect((await search(`morv ${tag}`)).ids).toEqual([c2, c1]);
    expect((await search(`kerr ${tag}`)).ids).toEqual([c2]);
    for (const phone of spellings(digits)) expect((await search(phone)).ids, phone).toEqual([c1]);
    expect((await search(digits.slice(0, 8))).ids).toContain(c1);
    expect((await search(`MORVEN.${tag.toUpperCase()}@EXAMPLE.COM`)).ids).toEqual([c1]);
    for (const pc of ["KY3 9DU", "ky39du", "ky3 9d"]) expect((await search(pc)).ids, pc).toContain(c1);
    expect((await search("KY2 5QZ")).ids).toContain(c2);
    expect((await search("KY2 5QZ")).ids).not.toContain(c1);

    const { json } = await search(`morv ${tag}`);
    expect(json.customers[0]).toMatchObject({
      id: c2,
      name: `Morven Kerr ${tag}`,
      email: `kerr.${tag}@example.com`,
      postcode: "KY2 5QZ",
      jobs: 1,
    });

    const page1 = await search(`morv ${tag}`, "&limit=1");
    expect(page1.ids).toEqual([c2]);
    expect(page1.json.nextCursor).toEqual(expect.any(String));
    const page2 = await search(`morv ${tag}`, `&limit=1&cursor=${page1.json.nextCursor}`);
    expect(page2.ids).toEqual([c1]);
    expect(page2.json.nextCursor).toBeNull();
  });

  it("gives the same pages whether a word is found by walking the list in order or through the indexes", async () => {
    const tag = letters(uniqueTag("walk"));
    const made: number[] = [];
    for (const n of ["One", "Two", "Three"]) {
      made.unshift(
        (await customerOf(
          await sendBooking({
            name: `Rona ${n} ${tag}`,
            phone: uniqueDigits(),
            address: `${made.length + 1} Kirk Wynd, Kirkcaldy KY1 1AA`,
          }),
        ))!,
      );
    }
    for (const q of [`rona ${tag}`, `${tag} kirkcaldy`]) {
      for (const scanRows of [1, 10_000]) {
        const seen: number[] = [];
        let cursor: CustomerCursor | undefined;
        for (;;) {
          const { rows, next } = await listPage({ q, cursor, limit: 2, scanRows });
          seen.push(...rows.map((r) => r.id));
          if (!next) break;
          cursor = next;
        }
        expect(seen, `${q}, ${scanRows} rows walked`).toEqual(made);
      }
    }
  });

  it("answers 400 for a cursor it did not make and a limit out of range", async () => {
    const owner = await adminClient();
    for (const qs of ["cursor=nonsense!", "limit=0", "limit=201", "request=abc"]) {
      const res = await owner.call(adminCustomers, "GET", `/api/admin/customers?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.json.error.code).toBeTruthy();
    }
    const anonymous = await owner.call(adminCustomers, "GET", "/api/admin/customers", { anonymous: true });
    expect(anonymous.status).toBe(401);
  });
});

describe("GET /api/admin/customers/:id", () => {
  it("lists the customer's requests, visits, notes, quotes and invoices with amounts in pence", async () => {
    const tag = letters(uniqueTag("page"));
    const digits = uniqueDigits();
    const email = `ewan.${tag}@example.com`;
    const r1 = await sendBooking({
      name: `Ewan ${tag}`,
      email,
      phone: digits,
      address: "1 Kirk Wynd, Kirkcaldy KY1 1XX",
    });
    const r2 = await sendContact({
      name: `Ewan ${tag}`,
      email: `other.${tag}@example.com`,
      phone: spellings(digits)[1],
    });
    const customerId = await customerOf(r1);
    expect(await customerOf(r2)).toBe(customerId);

    await t.db.insert(appointments).values({
      submissionId: r1,
      uid: `${tag}@test`,
      date: "2026-12-08",
      window: "morning",
      status: "confirmed",
    });
    await t.db.insert(requestNotes).values({ submissionId: r1, body: `Side gate sticks (${tag})` });
    const owner = await adminClient();
    const quote = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${r1}/quotes`, {
      body: { lines: [{ description: "Paint the hall", quantity: 1, unitPence: 32000 }] },
    });
    expect(quote.status, quote.text).toBe(201);
    const invoice = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        submissionId: r2,
        lines: [{ description: "Fix the gate", quantity: 2, unitPence: 4500 }],
      },
    });
    expect(invoice.status, invoice.text).toBe(201);
    // A direct invoice with no request, to the customer's e-mail address in another case.
    const loose = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        customer: { name: `Ewan ${tag}`, email: email.toUpperCase() },
        lines: [{ description: "Call-out", quantity: 1, unitPence: 6000 }],
      },
    });
    expect(loose.status, loose.text).toBe(201);

    const ofRequest = await owner.call(adminCustomers, "GET", `/api/admin/customers?request=${r2}`);
    expect(ofRequest.json.customers).toEqual([expect.objectContaining({ id: customerId, jobs: 2 })]);

    const res = await owner.call(adminCustomers, "GET", `/api/admin/customers/${customerId}`);
    expect(res.status, res.text).toBe(200);
    const body = res.json;
    expect(body.customer).toMatchObject({
      id: customerId,
      name: `Ewan ${tag}`,
      email,
      jobs: 2,
      postcode: "KY1 1XX",
    });
    expect(body.requests.map((r: { id: number }) => r.id)).toEqual([r2, r1]);
    expect(body.requests[1]).toMatchObject({ formType: "booking", state: "new", service: "paint-wallpaper" });
    expect(body.visits).toEqual([
      expect.objectContaining({
        submissionId: r1,
        date: "2026-12-08",
        window: "morning",
        status: "confirmed",
      }),
    ]);
    expect(body.notes).toEqual([
      expect.objectContaining({ submissionId: r1, body: `Side gate sticks (${tag})` }),
    ]);
    expect(body.quotes).toEqual([
      expect.objectContaining({
        id: quote.json.quote.id,
        submissionId: r1,
        status: "draft",
        totalPence: 32000,
      }),
    ]);
    expect(body.invoices.map((i: { id: number }) => i.id).sort()).toEqual(
      [invoice.json.invoice.id, loose.json.invoice.id].sort(),
    );
    expect(body.invoices.find((i: { id: number }) => i.id === invoice.json.invoice.id)).toMatchObject({
      submissionId: r2,
      kind: "direct",
      status: "draft",
      totalPence: 9000,
      paidPence: 0,
    });
    expect(body.invoices.find((i: { id: number }) => i.id === loose.json.invoice.id)).toMatchObject({
      submissionId: null,
      totalPence: 6000,
    });
  });

  it("shows an accepted quote at the total agreed, its optional item chosen included", async () => {
    const id = await sendBooking({ phone: uniqueDigits() });
    const owner = await adminClient();
    const made = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${id}/quotes`, {
      body: {
        lines: [
          { description: "Fit the new door", quantity: 1, unitPence: 21000 },
          { description: "Paint the frame", quantity: 1, unitPence: 35000, optional: true },
        ],
      },
    });
    expect(made.status, made.text).toBe(201);
    const quote = made.json.quote as { id: number; lines: { id: number; optional: boolean }[] };
    expect((await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/send`)).status).toBe(200);
    const optional = quote.lines.find((l) => l.optional)!.id;
    await acceptQuote(
      id,
      { quoteId: quote.id, optionalLineIds: [optional], expressStart: false },
      serviceContext(),
    );
    const res = await owner.call(adminCustomers, "GET", `/api/admin/customers/${(await customerOf(id))!}`);
    expect(res.json.quotes).toEqual([
      expect.objectContaining({ id: quote.id, status: "accepted", totalPence: 56000 }),
    ]);
  });

  it("keeps the owner's notes on a customer, refuses notes too long, and answers 404 for an unknown id", async () => {
    const id = await customerOf(await sendContact({ phone: uniqueDigits() }));
    const owner = await adminClient();
    const saved = await owner.call(adminCustomers, "PATCH", `/api/admin/customers/${id}`, {
      body: { notes: "  Dog in the garden; ring first.  " },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.customer.notes).toBe("Dog in the garden; ring first.");
    const read = await owner.call(adminCustomers, "GET", `/api/admin/customers/${id}`);
    expect(read.json.customer.notes).toBe("Dog in the garden; ring first.");
    const tooLong = await owner.call(adminCustomers, "PATCH", `/api/admin/customers/${id}`, {
      body: { notes: "x".repeat(2001) },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.error.fields.notes).toMatch(/2000/);
    const cleared = await owner.call(adminCustomers, "PATCH", `/api/admin/customers/${id}`, {
      body: { notes: "" },
    });
    expect(cleared.json.customer.notes).toBeNull();
    for (const method of ["GET", "PATCH"]) {
      const res = await owner.call(adminCustomers, method, "/api/admin/customers/999999", {
        ...(method === "PATCH" ? { body: { notes: "x" } } : {}),
      });
      expect(res.status, method).toBe(404);
    }
  });
});

describe("when requests are deleted", () => {
  it("keeps the customer while a request of theirs is left, and deletes them with the last one or an erasure", async () => {
    const tag = letters(uniqueTag("gone"));
    const digits = uniqueDigits();
    const email = `nell.${tag}@example.com`;
    const first = await sendContact({ name: `Nell ${tag}`, email, phone: digits });
    const second = await sendContact({ name: `Nell ${tag}`, email, phone: digits });
    const customerId = await customerOf(first);
    const owner = await adminClient();
    const deleted = await owner.call(adminSubmissions, "DELETE", `/api/admin/submissions/${first}`);
    expect(deleted.status, deleted.text).toBe(204);
    expect(await t.db.select().from(customers).where(eq(customers.id, customerId!))).toHaveLength(1);
    const erased = await owner.call(adminPerson, "POST", "/api/admin/person/erase", { body: { email } });
    expect(erased.status, erased.text).toBe(200);
    expect(await t.db.select().from(requests).where(eq(requests.id, second))).toHaveLength(0);
    expect(await t.db.select().from(customers).where(eq(customers.id, customerId!))).toHaveLength(0);
    expect((await search(digits)).ids).toEqual([]);
  });
});

describe("the migration's backfill", () => {
  /** The DO block at the end of the migration that added customers, exactly as it runs on deploy. */
  function backfillSql(): string {
    const file = readdirSync(migrationsFolder).find((f) => f.endsWith("_customers.sql"))!;
    const statements = readFileSync(`${migrationsFolder}/${file}`, "utf8").split("--> statement-breakpoint");
    const block = statements.find((s) => s.includes("DO $$"));
    expect(block).toBeDefined();
    return block!;
  }

  it("gives older requests their customers by the same rule, oldest first, and changes nothing when run again", async () => {
    const tag = letters(uniqueTag("old"));
    const [d1, d2] = [uniqueDigits(), uniqueDigits()];
    // Stored straight into the table, as before customers existed (no customer yet).
    const rows = [
      {
        name: `Isla ${tag}`,
        email: `isla.${tag}@example.com`,
        phone: spellings(d1)[0]!,
        address: "2 Kirk Wynd, Kirkcaldy KY1 1AA",
      },
      {
        name: `Isla Brown ${tag}`,
        email: `ISLA.${tag}@EXAMPLE.COM`,
        phone: spellings(d1)[1]!,
        address: "5 Kirk Wynd, Kirkcaldy KY1 1AB",
      },
      { name: `Isla B ${tag}`, email: `ib.${tag}@example.com`, phone: spellings(d1)[3]! },
      { name: `Fraser ${tag}`, email: `fraser.${tag}@example.com`, phone: d2 },
    ];
    const ids: number[] = [];
    for (const [i, r] of rows.entries()) {
      const req = await seedRequest({ ...r, formType: r.address ? "booking" : "contact" });
      await t.db
        .update(requests)
        .set({ submittedAt: new Date(Date.UTC(2025, 0, 10 + i)) })
        .where(eq(requests.id, req.id));
      ids.push(req.id);
    }
    const spam = await seedRequest({
      name: `Spam ${tag}`,
      email: `spam.${tag}@example.com`,
      phone: uniqueDigits(),
    });
    await t.db.update(requests).set({ state: "spam" }).where(eq(requests.id, spam.id));
    expect(await Promise.all(ids.map(customerOf))).toEqual([null, null, null, null]);

    await t.db.execute(sql.raw(backfillSql()));
    const owners = await Promise.all(ids.map(customerOf));
    expect(owners[0]).not.toBeNull();
    expect(owners.slice(0, 3)).toEqual([owners[0], owners[0], owners[0]]);
    expect(owners[3]).not.toBe(owners[0]);
    expect(await customerOf(spam.id)).toBeNull();
    const [isla] = await t.db.select().from(customers).where(eq(customers.id, owners[0]!));
    expect(isla).toMatchObject({
      name: `Isla B ${tag}`,
      email: `isla.${tag}@example.com`,
      phoneDigits: d1,
      address: "5 Kirk Wynd, Kirkcaldy KY1 1AB",
      postcode: "KY11AB",
    });
    expect(isla!.createdAt.toISOString()).toBe("2025-01-10T00:00:00.000Z");
    expect(isla!.lastActivityAt.toISOString()).toBe("2025-01-12T00:00:00.000Z");

    const before = await t.db.select().from(customers).orderBy(customers.id);
    await t.db.execute(sql.raw(backfillSql()));
    expect(await t.db.select().from(customers).orderBy(customers.id)).toEqual(before);
  });
});
