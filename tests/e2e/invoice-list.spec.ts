/**
 * The list of every invoice and credit note, on a 375 px phone and at 1280 px: reached from the
 * Money screen in one tap; filtered to credit notes only, by status and by a search on the number;
 * each row opens its request. Data made through the admin API as the owner would.
 */
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { apiSignIn, clientIp, signedIn, uniqueName } from "./admin-support";
import { axe, shot } from "./page-checks";

test.describe.configure({ timeout: 180_000 });

test("every invoice and credit note, reached from Money, with filters", async ({
  page,
  context,
  request,
}) => {
  const owner = await apiSignIn(request, baseURL);
  const headers = { Cookie: owner.header, Origin: new URL(baseURL).origin, "X-Simulated-Client": clientIp() };
  const name = uniqueName("Isla");
  const created = await request.post("/api/admin/invoices", {
    data: {
      kind: "direct",
      customer: { name, email: null, address: "12 Kirk Wynd, Kirkcaldy KY1 1EH" },
      lines: [{ description: "Rehang the gate", quantity: 1, unitPence: 15_000 }],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoiceId = ((await created.json()) as { invoice: { id: number } }).invoice.id;
  const issued = await request.post(`/api/admin/invoices/${invoiceId}/issue`, { headers });
  expect(issued.status(), await issued.text()).toBe(200);
  const number = ((await issued.json()) as { invoice: { number: string } }).invoice.number;
  const credited = await request.post(`/api/admin/invoices/${invoiceId}/credit-note`, {
    data: {
      reason: "Gate latch not fitted.",
      lines: [{ description: "Gate latch not fitted", quantity: 1, unitPence: 2_000 }],
    },
    headers,
  });
  expect(credited.status(), await credited.text()).toBe(201);
  const creditNumber = ((await credited.json()) as { creditNote: { number: string } }).creditNote.number;

  await signedIn(context, request, baseURL);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/money");
  await page.getByRole("link", { name: "All invoices and credit notes" }).click();
  await expect(page.getByRole("heading", { name: "Invoices and credit notes", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "Invoices and credit notes" });

  // Search by the customer's name: the invoice and its credit note, and no one else's.
  await page.getByLabel("Number or name").fill(name);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("invoice-list-count")).toHaveText("2 found.");
  const rows = list.getByTestId("invoice-row");
  await expect(rows.filter({ hasText: number }).first()).toContainText("Left to pay");
  await expect(rows.filter({ hasText: "Credit note" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Credit note" })).toContainText("£20.00");
  await expect(rows.filter({ hasText: "Credit note" }).getByTestId("invoice-status")).toHaveCount(0);
  await axe(page, "invoice list (375)");
  await shot(page, "invoice-list");

  // Credit notes only.
  await page.getByLabel("Kind").selectOption("credit-notes");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("invoice-list-count")).toHaveText("1 found.");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Credit note");
  await expect(rows.first()).toContainText(creditNumber);

  // Invoices only, paid: none (the invoice is unpaid, £130.00 left after the credit).
  await page.getByLabel("Kind").selectOption("invoices");
  await page.getByLabel("Status").selectOption("paid");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("invoice-list-count")).toHaveText("Nothing matches these filters.");
  await page.getByLabel("Status").selectOption("open");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(number);
  await expect(rows.first()).toContainText("£130.00");

  // The search by number alone.
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByLabel("Number or name").fill(number);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(rows.filter({ hasText: number }).first()).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await axe(page, "invoice list (1280)");
  await shot(page, "invoice-list");
});
