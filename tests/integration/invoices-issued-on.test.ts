/**
 * Issuing an invoice on an earlier date (docs/decisions/032-invoices.md): `issuedOn` dates it and its
 * due date; a date in the future is refused, and so is one before the last invoice issued, so the
 * numbers stay in date order. A refused issue takes no number (the next one issued gets it). The
 * whole sequence is one test: what is "the last invoice" depends on every issue before it.
 */
import { describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import { site } from "../../src/config/site";
import { addDays, dateInZone } from "../../src/platform/time";
import { adminClient, uniqueTag } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const lines = [{ description: "Fit a new radiator valve", quantity: 1, unitPence: 6500 }];

async function draft(owner: Awaited<ReturnType<typeof adminClient>>) {
  const res = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
    body: { kind: "direct", customer: { name: `Ailsa ${uniqueTag("c")}` }, lines },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.invoice as { id: number };
}

const numberOf = (n: string) => Number(n.replace(/\D/g, ""));

describe("POST /api/admin/invoices/:id/issue with issuedOn", () => {
  it("dates the invoice, refuses the future and a date before the last invoice issued, and keeps the numbers gap-free", async () => {
    const owner = await adminClient();
    const today = dateInZone(new Date());
    const issue = (id: number, body?: object) =>
      owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/issue`, body ? { body } : {});

    // Written up ten days after the work: dated then, due from then.
    const a = await draft(owner);
    const first = await issue(a.id, { issuedOn: addDays(today, -10) });
    expect(first.status, first.text).toBe(200);
    expect(first.json.invoice).toMatchObject({
      issuedOn: addDays(today, -10),
      dueOn: addDays(today, -10 + site.invoices.dueDays),
    });
    const firstNumber = first.json.invoice.number as string;

    // Tomorrow: refused beside the field.
    const b = await draft(owner);
    const future = await issue(b.id, { issuedOn: addDays(today, 1) });
    expect(future.status).toBe(422);
    expect(future.json.error.fields.issuedOn).toBe("The invoice date cannot be in the future.");

    // Before the last invoice's date: refused, naming it; the draft stays a draft with no number.
    const before = await issue(b.id, { issuedOn: addDays(today, -11) });
    expect(before.status).toBe(422);
    expect(before.json.error.fields.issuedOn).toMatch(
      new RegExp(
        `^The invoice date cannot be before .+, the date of the last invoice issued \\(${firstNumber}\\), so the numbers stay in date order\\.$`,
      ),
    );
    const still = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${b.id}`);
    expect(still.json.invoice).toMatchObject({ status: "draft", number: null, issuedOn: null });

    // The same day as the last one is fine, and takes the very next number.
    const sameDay = await issue(b.id, { issuedOn: addDays(today, -10) });
    expect(sameDay.status, sameDay.text).toBe(200);
    expect(numberOf(sameDay.json.invoice.number)).toBe(numberOf(firstNumber) + 1);

    // No body at all: today.
    const c = await draft(owner);
    const plain = await issue(c.id);
    expect(plain.status, plain.text).toBe(200);
    expect(plain.json.invoice.issuedOn).toBe(today);

    // A malformed date is a field error, not a silent today.
    const d = await draft(owner);
    const bad = await issue(d.id, { issuedOn: "2026-02-30" });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields.issuedOn).toBeTruthy();
  });
});
