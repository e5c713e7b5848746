/**
 * The invoice-only page (docs/decisions/053-invoice-links.md) on a 375 px phone, on the real stack:
 * a tenant's booking invoiced to the landlord at another address; the e-mail caught by the loopback
 * SMTP server carries a link to that invoice alone and none to the request's page; the page shows the
 * invoice (number, bill-to, amounts, how to pay, the card Pay button, the PDF, read back) and nothing
 * of the tenant's request. axe on it at 375 and 1280 px (SHOTS=dir saves screenshots).
 */
import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { pdfWords } from "../helpers/pdf";
import { apiSignIn, clientIp, seedBooking, uniqueName } from "./admin-support";
import { decoded, mailbox } from "./mailbox";
import { axeAtBothWidths } from "./page-checks";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

/** A tenant's booking, its invoice of £142.00 billed to the landlord, issued and e-mailed. */
async function invoicedToLandlord(request: APIRequestContext, tenant: string, landlord: string) {
  const admin = await apiSignIn(request, baseURL);
  const headers = { Cookie: admin.header, Origin: new URL(baseURL).origin, "X-Simulated-Client": clientIp() };
  const submissionId = await seedBooking(request, tenant, {
    email: `tenant.${Date.now()}@example.com`,
    phone: "07700 900777",
    address: "Flat 3, 21 Links Street, Kirkcaldy KY1 1QH",
    message: "Door code 9182, the boiler is in the hall cupboard.",
  });
  const created = await request.post("/api/admin/invoices", {
    data: {
      kind: "direct",
      submissionId,
      lines: [{ description: "Replace the boiler's pressure valve", quantity: 1, unitPence: 14_200 }],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { invoice: { id: number } }).invoice.id;
  const email = `landlord.${Date.now()}@example.com`;
  const billed = await request.patch(`/api/admin/invoices/${id}`, {
    data: {
      customer: { name: landlord, email, address: "Estate Office, 2 Abbey Park, Dunfermline KY12 7PB" },
    },
    headers,
  });
  expect(billed.status(), await billed.text()).toBe(200);
  const issued = await request.post(`/api/admin/invoices/${id}/issue`, { headers });
  expect(issued.status(), await issued.text()).toBe(200);
  const number = ((await issued.json()) as { invoice: { number: string } }).invoice.number;
  const sent = await request.post(`/api/admin/invoices/${id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return { email, number };
}

test("a landlord opens the invoice-only link from the e-mail: the invoice, how to pay, nothing of the tenant's request", async ({
  page,
  request,
}) => {
  const tenant = uniqueName("Tamsin");
  const landlord = uniqueName("Lachlan");
  const { email, number } = await invoicedToLandlord(request, tenant, landlord);

  const find = () => mailbox.received.find((m) => m.envelopeTo.includes(email) && m.raw.includes(number));
  await expect.poll(() => find() !== undefined, { timeout: 90_000 }).toBe(true);
  const raw = decoded(find()!.raw);
  expect(raw, "no link to the tenant's request").not.toMatch(/\/request\/[A-Za-z0-9_-]{22}/);
  const match = /https?:\/\/[^\s"<>/]+(\/invoice\/[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(raw);
  expect(match, "the e-mail links to the invoice's own page").not.toBeNull();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
  const answer = await page.goto(match![1]!);
  expect(answer!.status()).toBe(200);
  expect(answer!.headers()["cache-control"]).toContain("no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${number}`);
  await expect(page.getByText(`For ${landlord}`)).toBeVisible();
  const card = page.getByRole("region", { name: "The invoice" });
  await expect(card.getByText("Left to pay").first()).toBeVisible();
  await expect(card.getByText("£142.00").first()).toBeVisible();
  await expect(card.getByRole("heading", { name: "Paying by bank transfer" })).toBeVisible();
  await expect(card.locator(`code`, { hasText: number })).toBeVisible();
  await expect(card.getByRole("button", { name: `Pay £142.00 now for ${number}` })).toBeVisible();
  const body = await page.locator("body").innerText();
  for (const secret of [tenant, "07700 900777", "Links Street", "Door code", "What has happened", "Cancel"]) {
    expect(body, secret).not.toContain(secret);
  }

  await axeAtBothWidths(page, "invoice link page");

  const pdfHref = await card
    .getByRole("link", { name: `Download the PDF of ${number}` })
    .getAttribute("href");
  const pdf = await page.request.get(new URL(pdfHref!, baseURL).toString());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const words = await pdfWords(new Uint8Array(await pdf.body()));
  expect(words).toContain(number);
  expect(words).toContain(landlord);
  expect(words).toContain("£142.00");

  // A wrong link: the same not-found page, 404.
  const wrong = await page.goto(`/invoice/${"x".repeat(22)}`);
  expect(wrong!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not work");
});
