/**
 * Taps from the dashboard on a 375 px phone (docs/decisions/059-cancellation-period-on-the-visit.md):
 * confirming the visit a customer asked for, writing and sending a three-line quote from the price
 * list, and recording a payment. Each tap is counted here and, as a check, in the page (every
 * pointerdown); typing is not a tap. The counts are printed for the report and held to a ceiling.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiSignIn, clientIp, ownClient, seedBooking, signedIn, uniqueName } from "./admin-support";
import { mailbox } from "./mailbox";
import { shot } from "./page-checks";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

type Owner = { header: string };
const ownerHeaders = (owner: Owner, baseURL: string) => ({
  Cookie: owner.header,
  Origin: new URL(baseURL).origin,
  "X-Simulated-Client": clientIp(),
});

/** Counts taps in the page from now on (every pointerdown, captured before anything else). */
async function countTapsInPage(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { taps: number };
    w.taps = 0;
    window.addEventListener("pointerdown", () => w.taps++, { capture: true });
  });
}
const tapsInPage = (page: Page) => page.evaluate(() => (window as unknown as { taps: number }).taps);

/** The dashboard, then the inbox's newest row (the request just made), as the owner taps them. */
async function openFromDashboard(page: Page, id: number, name: string): Promise<number> {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await countTapsInPage(page);
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Inbox", exact: true })
    .tap();
  const row = page.getByTestId(`submission-row-${id}`);
  await expect(row).toContainText(name);
  await row.getByRole("link", { name: `View details for ${name}` }).tap();
  await expect(page).toHaveURL(new RegExp(`/admin/requests/${id}`));
  return 2;
}

test("confirming the visit the customer asked for, from the dashboard", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const name = uniqueName("Taps");
  const id = await seedBooking(request, name);
  await ownClient(page);
  await signedIn(context, request, baseURL!);
  let taps = await openFromDashboard(page, id, name);
  const dialog = page.getByRole("dialog", { name: "Appointment Request" });
  await dialog
    .getByRole("list", { name: "Times the customer asked for" })
    .getByRole("button", { name: /^Confirm / })
    .tap();
  taps++;
  await expect(dialog.getByTestId("appointment-status")).toContainText("Confirmed");
  expect(await tapsInPage(page)).toBe(taps);
  console.log(`Taps from the dashboard, confirm a visit: ${taps}`);
  expect(taps).toBeLessThanOrEqual(3);
});

test("writing and sending a three-line quote from the price list, from the dashboard", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const owner = await apiSignIn(request, baseURL!);
  const tag = uniqueName("Tq").split(" ")[1]!;
  const items = [
    { description: `Replace the kitchen tap ${tag}`, unitPence: 9_500 },
    { description: `Labour per hour ${tag}`, unitPence: 4_250, unit: "hour" },
    { description: `Isolation valve ${tag}`, unitPence: 1_200 },
  ];
  for (const item of items) {
    const res = await request.post("/api/admin/price-list", {
      data: item,
      headers: ownerHeaders(owner, baseURL!),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const name = uniqueName("Quote");
  const email = `taps.${Date.now()}@example.com`;
  const id = await seedBooking(request, name, { email });
  await ownClient(page);
  await signedIn(context, request, baseURL!);
  let taps = await openFromDashboard(page, id, name);

  const dialog = page.getByRole("dialog", { name: "Appointment Request" });
  await dialog.getByTestId("quote-panel").getByRole("button", { name: "New quote" }).tap();
  taps++;
  const editor = page.getByRole("dialog", { name: "New quote" });
  // The price list is open already; on a long list the owner types a word to find his items.
  const search = editor.getByRole("searchbox", { name: "Search the price list" });
  await search.tap();
  taps++;
  await search.fill(tag);
  const picker = editor.getByTestId("price-picker");
  for (const item of items) {
    await picker.getByRole("button", { name: new RegExp(item.description) }).tap();
    taps++;
    // The new line lands above the list; the list stays in view, saying what it added.
    await expect(editor.getByTestId("price-picker-added")).toContainText(`Added: ${item.description}.`);
    await expect(editor.getByTestId("price-picker-added")).toBeInViewport();
  }
  const lines = editor.getByTestId("quote-line");
  await expect(lines).toHaveCount(3);
  await expect(editor.getByTestId("price-picker-added")).toContainText("3 lines added.");
  await expect(editor.getByTestId("quote-total")).toHaveText("£149.50");
  await shot(page, "quote-editor-price-list-open");
  await editor.getByRole("button", { name: "Save and send…" }).tap();
  taps++;
  const confirm = page.getByRole("alertdialog", { name: /^Send / });
  await expect(confirm).toContainText(email);
  await confirm.getByRole("button", { name: "Send quote" }).tap();
  taps++;
  const latest = dialog.getByTestId("quote-latest");
  await expect(latest.getByTestId("quote-status")).toHaveAttribute("data-status", "sent");
  expect(await tapsInPage(page)).toBe(taps);
  console.log(
    `Taps from the dashboard, write and send a three-line quote: ${taps} (and one search word typed)`,
  );
  expect(taps).toBeLessThanOrEqual(9);

  // Sent for real: the customer's e-mail carries the quote.
  await expect
    .poll(() => mailbox.received.filter((m) => m.envelopeTo.includes(email)).length, { timeout: 60_000 })
    .toBeGreaterThan(0);
});

/** An issued invoice for a new booking, through the API; its number. */
async function issuedInvoice(request: APIRequestContext, baseURL: string, owner: Owner): Promise<string> {
  const submissionId = await seedBooking(request, uniqueName("Pay"), {
    email: `pay.${Date.now()}@example.com`,
  });
  const headers = ownerHeaders(owner, baseURL);
  const created = await request.post("/api/admin/invoices", {
    data: {
      kind: "direct",
      submissionId,
      lines: [
        { description: "Fit a new kitchen cupboard door", quantity: 1, unitPence: 9_500 },
        { description: "Labour (hours)", quantity: 1, unitPence: 4_000 },
      ],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoiceId = ((await created.json()) as { invoice: { id: number } }).invoice.id;
  const issued = await request.post(`/api/admin/invoices/${invoiceId}/issue`, { headers });
  expect(issued.status(), await issued.text()).toBe(200);
  return ((await issued.json()) as { invoice: { number: string } }).invoice.number;
}

test("recording a payment, from the dashboard", async ({ page, context, request, baseURL }) => {
  const owner = await apiSignIn(request, baseURL!);
  const number = await issuedInvoice(request, baseURL!, owner);
  await ownClient(page);
  await signedIn(context, request, baseURL!);
  await page.goto("/admin");
  const outstanding = page.getByTestId("money-outstanding-summary");
  await expect(outstanding).toBeVisible();
  await countTapsInPage(page);
  let taps = 0;
  await page
    .getByRole("link", { name: /^Money/ })
    .filter({ has: outstanding })
    .tap();
  taps++;
  const row = page.getByTestId("money-due-row").filter({ hasText: number });
  await row.getByRole("button", { name: `Record payment for ${number}` }).tap();
  taps++;
  const dialog = page.getByRole("dialog", { name: `Record a payment for ${number}` });
  await expect(dialog.getByLabel("Amount (£)")).toHaveValue("135.00");
  await dialog.getByRole("button", { name: "Record payment" }).tap();
  taps++;
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("money-due-row").filter({ hasText: number })).toHaveCount(0);
  expect(await tapsInPage(page)).toBe(taps);
  console.log(`Taps from the dashboard, record a payment: ${taps}`);
  expect(taps).toBeLessThanOrEqual(3);
});
