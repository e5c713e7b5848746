/**
 * The admin's list of every invoice and credit note (`GET /api/admin/invoices`), through its
 * Netlify handler on a real database: invoices only by default, both with `creditNotes=1`, credit
 * notes alone with `creditNotes=only`; with the search, status and issue-date filters; and a bad
 * filter answered 400 with the field's message.
 */
import { describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import { dateInZone } from "../../src/platform/time";
import { adminClient, uniqueTag } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

async function invoiceAndCredit() {
  const owner = await adminClient();
  const name = `List ${uniqueTag("inv")}`;
  const created = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
    body: {
      kind: "direct",
      customer: { name, email: null, address: "5 Kirk Wynd, Kirkcaldy KY1 1EH" },
      lines: [{ description: "Rehang the gate", quantity: 1, unitPence: 15_000 }],
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.invoice.id;
  const issued = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/issue`);
  expect(issued.status, issued.text).toBe(200);
  const credit = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/credit-note`, {
    body: { reason: "Latch not fitted.", lines: [{ description: "Latch", quantity: 1, unitPence: 2_000 }] },
  });
  expect(credit.status, credit.text).toBe(201);
  return { owner, name, number: issued.json.invoice.number, creditNumber: credit.json.creditNote.number };
}

describe("GET /api/admin/invoices", () => {
  it("lists invoices, credit notes, or both, by name or number, status and issue date", async () => {
    const { owner, name, number, creditNumber } = await invoiceAndCredit();
    const list = async (query: string) => {
      const res = await owner.call(adminInvoices, "GET", `/api/admin/invoices?${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.json.invoices as { number: string; kind: string; balancePence: number }[]).map(
        (r) => `${r.number} ${r.kind} ${r.balancePence}`,
      );
    };
    const q = `q=${encodeURIComponent(name)}`;
    expect(await list(q)).toEqual([`${number} direct 13000`]);
    expect((await list(`${q}&creditNotes=1`)).sort()).toEqual(
      [`${number} direct 13000`, `${creditNumber} credit_note 0`].sort(),
    );
    expect(await list(`${q}&creditNotes=only`)).toEqual([`${creditNumber} credit_note 0`]);
    expect(await list(`q=${encodeURIComponent(creditNumber)}&creditNotes=only`)).toEqual([
      `${creditNumber} credit_note 0`,
    ]);
    expect(await list(`${q}&status=open`)).toEqual([`${number} direct 13000`]);
    expect(await list(`${q}&status=paid`)).toEqual([]);
    const today = dateInZone(new Date());
    expect(await list(`${q}&creditNotes=1&from=${today}&to=${today}`)).toHaveLength(2);
    expect(await list(`${q}&creditNotes=1&to=2020-01-01`)).toEqual([]);
  });

  it("answers a bad filter with 400 and the field's message", async () => {
    const owner = await adminClient();
    const res = await owner.call(adminInvoices, "GET", "/api/admin/invoices?creditNotes=some");
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain("Credit notes must be 0, 1 or only.");
  });
});
